import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS, PLAN_FEATURES, type PlanChangedEvent } from '@platform/contracts';
import { EventBus, MessagingModule, NATS_CONNECTION } from '@platform/messaging';
import { TestPlatform, type TestUser } from '@platform/testing';

describe('evt.billing.plan_changed', () => {
  let platform: TestPlatform;
  let billing: INestApplicationContext;

  const publish = (event: Omit<PlanChangedEvent, 'eventId' | 'occurredAt'> & Partial<PlanChangedEvent>) =>
    billing.get(EventBus).publish(EVENTS.billing.planChanged, { eventId: randomUUID(), occurredAt: new Date().toISOString(), ...event });

  const planOf = async (user: TestUser) => {
    const { plan, subscriptionStatus } = (await user.client.get('/api/user')).body.user as Record<string, string>;
    return { plan, subscriptionStatus };
  };

  /** The event is consumed asynchronously: poll, but not forever. */
  const waitForPlan = async (user: TestUser, expected: { plan: string; subscriptionStatus: string }) => {
    for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
      const current = await planOf(user);
      if (current.plan === expected.plan && current.subscriptionStatus === expected.subscriptionStatus) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await planOf(user)).toEqual(expected);
  };

  /** Messages identity's durable consumer has been given but not settled. */
  const pendingPlanChanges = async (): Promise<number> => {
    const manager = await jetstreamManager(billing.get<NatsConnection>(NATS_CONNECTION));
    const stream = billing.get(EventBus).streamName;
    let pending = -1;
    for (const deadline = Date.now() + 1500; Date.now() < deadline && pending !== 0;) {
      pending = 0;
      for await (const consumer of manager.consumers.list(stream)) {
        if (consumer.config.filter_subject?.endsWith(EVENTS.billing.planChanged)) pending += consumer.num_ack_pending;
      }
      if (pending) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return pending;
  };

  beforeAll(async () => {
    platform = await TestPlatform.start();
    // Stands in for billing: the same messaging module on the same NATS prefix, publishing the real contract.
    billing = await NestFactory.createApplicationContext(
      MessagingModule.forRoot({
        natsUrl: platform.env.NATS_URL!,
        prefix: platform.env.NATS_PREFIX!,
        serviceName: 'billing-test',
        requestTimeoutMs: 2000,
      }),
      // No logger option: `logger: false` would silence every Nest logger in this process, the services' too.
    );
  });

  afterAll(async () => {
    await billing?.close();
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
    const nats = billing.get<NatsConnection>(NATS_CONNECTION);

    // Straight onto the wire: EventBus.publish itself refuses a payload that breaks the contract.
    nats.publish(`${platform.env.NATS_PREFIX}${EVENTS.billing.planChanged}`, JSON.stringify({ eventId: randomUUID(), userId: 'not-a-uuid', plan: 'network' }));
    await publish({ userId: user.id, plan: 'pro', subscriptionStatus: 'active' });

    await waitForPlan(user, { plan: 'pro', subscriptionStatus: 'active' });
    // A retried message would stay pending for REDELIVERY_DELAY_MS (2 s) and come back; a dropped one is settled.
    expect(await pendingPlanChanges()).toBe(0);
  });
});
