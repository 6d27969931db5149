import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AGENT_MESSAGES as M, ERROR_CODES, EVENTS, QUEUES, RUNTIME_PATHS, SUBJECTS, type PlanChangedEvent, type WatchTargetsReply,
} from '@platform/contracts';
import {
  BEARER, ownerQuery, provisionRunning, queueCounts, subscribedUser, TestPlatform, waitForStatus, waitUntil, type TestUser,
} from '@platform/testing';
import { runtimeAlive } from '../hosting/process-table.js';
import { natsRequest } from '../testing/nats-request.js';

/** Billing's plan-changed events, published the way billing does, applied to the owner's agents. */
describe(`${EVENTS.billing.planChanged} in the agents service`, () => {
  let platform: TestPlatform;
  let nats: NatsConnection;
  let owner: TestUser;
  /** Running when billing cancels; the one every row follows. */
  let agentId: string;
  /** Stopped by its owner before billing cancels. */
  let stoppedId: string;
  let runtimeUrl: string;

  const backend = () => platform.backend();
  const planChange = (status: PlanChangedEvent['subscriptionStatus'], occurredAt = new Date()): PlanChangedEvent => ({
    eventId: randomUUID(), userId: owner.id, plan: 'network', subscriptionStatus: status, occurredAt: occurredAt.toISOString(),
  });
  const localRuntime = async (id: string) =>
    (await ownerQuery<{ pid: number; suspended: boolean }>(platform.env, 'SELECT pid, suspended FROM agents.local_runtimes WHERE agent_id = $1', [id]))[0];
  const serves = (url: string) => fetch(`${url}${RUNTIME_PATHS.healthz}`, { signal: AbortSignal.timeout(1000) }).then((response) => response.ok, () => false);

  /** Events reach the agents service in stream order: once a later one is recorded, the ones before it were handled. */
  const handledSoFar = async () => {
    const bystander = randomUUID();
    await platform.publish(EVENTS.billing.planChanged, { ...planChange('past_due'), userId: bystander });
    await waitUntil('a later event applied', () => ownerQuery(platform.env, 'SELECT 1 FROM agents.subscription_states WHERE user_id = $1', [bystander]),
      (rows) => rows.length === 1);
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'agents'] });
    nats = await connect({ servers: platform.env.NATS_URL! });
    owner = await subscribedUser(platform, 'network');
    agentId = await provisionRunning(platform, owner, { name: 'Billed' });
    stoppedId = await provisionRunning(platform, owner, { name: 'Parked' });
    expect((await owner.client.post(`/api/agents/${stoppedId}/stop`)).status).toBe(200);
    runtimeUrl = (await natsRequest<WatchTargetsReply>(platform, SUBJECTS.agents.watchTargets, {})).agents.find((target) => target.agentId === agentId)!.runtimeUrl;
  });

  afterAll(async () => {
    await nats?.close();
    await platform?.close();
  });

  it('canceled suspends the running agent: its runtime is paused, not ended, and serves nothing; the stopped one stays stopped', async () => {
    await platform.setPlan(owner, 'network', 'canceled');

    const agent = await waitForStatus(backend(), agentId, 'suspended');
    expect(agent.statusReason).toBe(M.subscriptionCanceled);
    const runtime = await localRuntime(agentId);
    expect(runtime?.suspended).toBe(true);
    expect(runtimeAlive(runtime!.pid, agentId)).toBe(true);
    expect(await serves(runtimeUrl)).toBe(false);
    expect((await owner.client.get(`/api/agents/${agentId}/stats`)).body).toEqual({ agentId, status: 'suspended', live: false });
    expect((await backend().get(`/api/agents/${stoppedId}`, BEARER)).body.status).toBe('stopped');
  });

  it.each([
    ['start', 'the suspended agent', () => agentId],
    ['restart', 'the suspended agent', () => agentId],
    ['start', 'the stopped agent', () => stoppedId],
  ])('answers 402 SUBSCRIPTION_REQUIRED to the canceled owner\'s %s of %s', async (action, _which, id) => {
    const response = await owner.client.post(`/api/agents/${id()}/${action}`);

    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: M.subscriptionRequired, code: ERROR_CODES.subscriptionRequired });
  });

  it('active resumes the suspended agent, which answers a message again; the agent its owner stopped stays stopped', async () => {
    await platform.setPlan(owner, 'network', 'active');

    await waitForStatus(backend(), agentId, 'running');
    const response = await owner.client.post(`/api/agents/${agentId}/messages`, { message: 'Still there?' });
    expect(response.status).toBe(200);
    expect(response.body.reply).toEqual({ role: 'assistant', content: expect.any(String) });
    expect(await localRuntime(agentId)).toMatchObject({ suspended: false });
    expect((await backend().get(`/api/agents/${stoppedId}`, BEARER)).body.status).toBe('stopped');
  });

  it('ignores a canceled event older than the active one applied', async () => {
    await platform.publish(EVENTS.billing.planChanged, planChange('canceled', new Date(Date.now() - 60_000)));
    await handledSoFar();

    expect((await backend().get(`/api/agents/${agentId}`, BEARER)).body.status).toBe('running');
    expect(await serves(runtimeUrl)).toBe(true);
  });

  it('acts once on a duplicate event: the agent the platform started again is not suspended by it a second time', async () => {
    const canceled = planChange('canceled');
    await platform.publish(EVENTS.billing.planChanged, canceled);
    await waitForStatus(backend(), agentId, 'suspended');
    // A bearer caller acts for the platform and may start it whatever the subscription.
    expect((await backend().post(`/api/agents/${agentId}/start`, undefined, BEARER)).body).toMatchObject({ status: 'provisioning' });
    await waitForStatus(backend(), agentId, 'running');

    // Straight onto the stream without a message id, so JetStream's own duplicate window does not drop it: what a redelivery looks like.
    nats.publish(`${platform.env.NATS_PREFIX}${EVENTS.billing.planChanged}`, JSON.stringify(canceled));
    await nats.flush();
    await handledSoFar();

    expect((await backend().get(`/api/agents/${agentId}`, BEARER)).body.status).toBe('running');
  });

  it('lets the owner stop and then delete a suspended agent', async () => {
    await platform.publish(EVENTS.billing.planChanged, planChange('canceled'));
    await waitForStatus(backend(), agentId, 'suspended');
    const { pid } = (await localRuntime(agentId))!;

    expect(await owner.client.post(`/api/agents/${agentId}/stop`)).toMatchObject({ status: 200, body: { success: true, status: 'stopped' } });
    expect(runtimeAlive(pid, agentId)).toBe(false);
    expect((await backend().delete(`/api/agents/${agentId}`, undefined, BEARER)).status).toBe(200);
    expect((await backend().get(`/api/agents/${agentId}`, BEARER)).status).toBe(404);
  });

  it('suspends an agent still being provisioned: the job in flight neither makes it running nor leaves a runtime serving', async () => {
    const user = await subscribedUser(platform, 'network');
    const id = (await user.client.post('/api/agents/provision', { name: 'In flight' })).body.agent.id as string;

    await platform.publish(EVENTS.billing.planChanged, { ...planChange('canceled'), userId: user.id });

    await waitForStatus(backend(), id, 'suspended');
    await waitUntil('the provisioning job done', () => queueCounts(platform.env, QUEUES.agentsProvision),
      (counts) => counts.waiting === 0 && counts.active === 0);
    const runtime = await localRuntime(id);
    expect(runtime === undefined || runtime.suspended || !runtimeAlive(runtime.pid, id)).toBe(true);
    expect((await backend().get(`/api/agents/${id}`, BEARER)).body.status).toBe('suspended');
  });
});
