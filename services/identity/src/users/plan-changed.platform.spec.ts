import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS, PLAN_FEATURES, type PlanChangedEvent } from '@platform/contracts';
import { eventStreamName } from '@platform/messaging';
import { TestPlatform, waitFor, type TestUser } from '@platform/testing';

describe(EVENTS.billing.planChanged, () => {
  let platform: TestPlatform;
  let nats: NatsConnection;

  const publish = (event: Omit<PlanChangedEvent, 'eventId' | 'occurredAt'> & Partial<PlanChangedEvent>) =>
    platform.publish(EVENTS.billing.planChanged, { eventId: randomUUID(), occurredAt: new Date().toISOString(), ...event });

  const planOf = async (user: TestUser) => {
    const { plan, subscriptionStatus } = (await user.client.get('/api/user')).body.user as Record<string, string>;
    return { plan, subscriptionStatus };
  };

  /** The event is consumed asynchronously: poll, but not forever. */
  const waitForPlan = async (user: TestUser, expected: { plan: string; subscriptionStatus: string }) => {
    expect(await waitFor(() => planOf(user), (current) =>
      current.plan === expected.plan && current.subscriptionStatus === expected.subscriptionStatus, 5000)).toEqual(expected);
  };

  /** Messages identity's durable consumer has been given but not settled. */
  const pendingPlanChanges = async (): Promise<number> => {
    const manager = await jetstreamManager(nats);
    return waitFor(async () => {
      let pending = 0;
      for await (const consumer of manager.consumers.list(eventStreamName(platform.env.NATS_PREFIX!))) {
        if (consumer.config.filter_subject?.endsWith(EVENTS.billing.planChanged)) pending += consumer.num_ack_pending;
      }
      return pending;
    }, (pending) => pending === 0, 1500);
  };

  beforeAll(async () => {
    platform = await TestPlatform.start();
    nats = await connect({ servers: platform.env.NATS_URL! });
  });

  afterAll(async () => {
    await nats?.close();
    await platform?.close();
  });

  it('sets the plan and subscription status on the user (free and inactive before)', async () => {
    const user = await platform.newUser();
    const key = (await user.client.post('/api/keys', { name: 'plan probe' })).body.key as string;
    expect(await planOf(user)).toEqual({ plan: 'free', subscriptionStatus: 'inactive' });

    await publish({ userId: user.id, plan: 'collective', subscriptionStatus: 'active' });

    await waitForPlan(user, { plan: 'collective', subscriptionStatus: 'active' });
    const validated = await platform.web().post('/api/keys/validate', { apiKey: key });
    expect(validated.status).toBe(200);
    expect(validated.body).toEqual({
      valid: true,
      userId: user.id,
      email: user.email,
      plan: 'collective',
      subscriptionStatus: 'active',
      features: [...PLAN_FEATURES.collective],
    });
  });

  it('applies a later change over an earlier one', async () => {
    const user = await platform.newUser();
    await publish({ userId: user.id, plan: 'solo', subscriptionStatus: 'active' });
    await waitForPlan(user, { plan: 'solo', subscriptionStatus: 'active' });

    await publish({ userId: user.id, plan: 'solo', subscriptionStatus: 'past_due' });

    await waitForPlan(user, { plan: 'solo', subscriptionStatus: 'past_due' });
  });

  it('stores a republished event (same eventId) once, so it cannot undo a later change', async () => {
    const user = await platform.newUser();
    const bystander = await platform.newUser();
    const first = randomUUID();
    await publish({ eventId: first, userId: user.id, plan: 'label', subscriptionStatus: 'active' });
    await publish({ userId: user.id, plan: 'network', subscriptionStatus: 'active' });
    await waitForPlan(user, { plan: 'network', subscriptionStatus: 'active' });

    await publish({ eventId: first, userId: user.id, plan: 'label', subscriptionStatus: 'active' });
    // Events reach identity in stream order: once this later one is applied, the replay had its chance.
    await publish({ userId: bystander.id, plan: 'solo', subscriptionStatus: 'active' });
    await waitForPlan(bystander, { plan: 'solo', subscriptionStatus: 'active' });

    expect(await planOf(user)).toEqual({ plan: 'network', subscriptionStatus: 'active' });
  });

  it('keeps consuming after an event for a user identity does not know', async () => {
    const user = await platform.newUser();

    await publish({ userId: randomUUID(), plan: 'network', subscriptionStatus: 'active' });
    await publish({ userId: user.id, plan: 'label', subscriptionStatus: 'canceled' });

    await waitForPlan(user, { plan: 'label', subscriptionStatus: 'canceled' });
  });

  it('ignores a change older than the one already applied', async () => {
    const user = await platform.newUser();
    const now = Date.now();
    await publish({ userId: user.id, plan: 'network', subscriptionStatus: 'active', occurredAt: new Date(now).toISOString() });
    await waitForPlan(user, { plan: 'network', subscriptionStatus: 'active' });

    await publish({ userId: user.id, plan: 'label', subscriptionStatus: 'past_due', occurredAt: new Date(now - 60_000).toISOString() });
    const bystander = await platform.newUser();
    await publish({ userId: bystander.id, plan: 'solo', subscriptionStatus: 'active' });
    await waitForPlan(bystander, { plan: 'solo', subscriptionStatus: 'active' });

    expect(await planOf(user)).toEqual({ plan: 'network', subscriptionStatus: 'active' });
  });

  it('drops a message that breaks the contract instead of retrying it, and keeps consuming', async () => {
    const user = await platform.newUser();
    // Straight onto the wire: EventBus.publish itself refuses a payload that breaks the contract.
    nats.publish(`${platform.env.NATS_PREFIX}${EVENTS.billing.planChanged}`, JSON.stringify({ eventId: randomUUID(), userId: 'not-a-uuid', plan: 'network' }));
    await publish({ userId: user.id, plan: 'pro', subscriptionStatus: 'active' });

    await waitForPlan(user, { plan: 'pro', subscriptionStatus: 'active' });
    // A retried message would stay pending for REDELIVERY_DELAY_MS (2 s) and come back; a dropped one is settled.
    expect(await pendingPlanChanges()).toBe(0);
  });
});
