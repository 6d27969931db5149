import { QUEUES, SUBJECTS, USAGE_MESSAGES, type DailyCallsReply } from '@platform/contracts';
import { RemoteError } from '@platform/messaging';
import type { QueueFactory } from '@platform/queue';
import { ownerQuery, queueProducer, TestPlatform, usageEvent, waitFor } from '@platform/testing';

const today = () => new Date().toISOString().slice(0, 10);

/** SUBJECTS.usage.dailyCalls: what billing shows as daily units used. */
describe('daily calls query', () => {
  let platform: TestPlatform;
  let producer: QueueFactory;
  const dailyCalls = (userId: unknown) => platform.query<DailyCallsReply>(SUBJECTS.usage.dailyCalls, { userId });

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['usage'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    producer = queueProducer(platform.env);
    const startOfToday = Date.parse(`${today()}T00:00:00.000Z`);
    for (const event of [
      usageEvent({ userId: 'dee', agentId: 'agent-1', model: 'openai/gpt-4o-mini', endpoint: '/api/ai/chat' }),
      usageEvent({ userId: 'dee', agentId: 'agent-2', model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', endpoint: '/api/ai/chat' }),
      // A call on the user's own key is an AI call too.
      usageEvent({ userId: 'dee', agentId: 'agent-1', model: 'openai/gpt-4o-mini', billedTo: 'user' }),
      usageEvent({ userId: 'dee', agentId: 'agent-1', endpoint: '/api/demo/chat', occurredAt: new Date(startOfToday).toISOString() }),
      // The last second of yesterday (UTC) and another user's call today count elsewhere.
      usageEvent({ userId: 'dee', agentId: 'agent-1', occurredAt: new Date(startOfToday - 1000).toISOString() }),
      usageEvent({ userId: 'eve', agentId: 'agent-9' }),
    ]) await producer.add(QUEUES.usageLog, event);
    await waitFor(
      () => ownerQuery<{ calls: number }>(platform.env, `SELECT coalesce(sum(calls), 0)::int AS calls FROM usage.usage_daily WHERE user_id IN ('dee', 'eve')`),
      ([row]) => row!.calls === 6,
    );
  });

  afterAll(async () => {
    await producer?.onApplicationShutdown();
    await platform?.close();
  });

  it('counts the user\'s calls of any endpoint on the current UTC day, from the rollup', async () => {
    expect(await dailyCalls('dee')).toEqual({ calls: 4, day: today() });
  });

  it('answers zero calls for a user without usage today', async () => {
    expect(await dailyCalls('nobody-yet')).toEqual({ calls: 0, day: today() });
  });

  it.each([['empty', ''], ['blank', ' '], ['a number', 42], ['longer than 255 characters', 'u'.repeat(256)]])(
    'answers an error, not a count, for a userId %s',
    async (_case, userId) => {
      const refused = await dailyCalls(userId).catch((error: unknown) => error);

      expect(refused).toBeInstanceOf(RemoteError);
      expect((refused as RemoteError).remote).toEqual({ status: 'error', message: USAGE_MESSAGES.userIdRequired, statusCode: 400 });
    },
  );
});
