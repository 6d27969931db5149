import { QUEUES } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import { waitFor, ownerQuery, queueCounts, queueProducer, TestPlatform, usageEvent } from '@platform/testing';

const EVENTS = 10;
/** Locks lapse and are looked for quickly, so a dead worker's jobs come back in seconds. */
const FAST_RECOVERY = { USAGE_LOCK_DURATION_MS: '2000', USAGE_STALLED_INTERVAL_MS: '1000' };

describe('usage worker killed mid-batch', () => {
  let platform: TestPlatform;
  let producer: QueueFactory;

  beforeAll(async () => {
    platform = await TestPlatform.start({ processes: ['usage'] });
    producer = queueProducer(platform.env);
  });

  afterAll(async () => {
    await producer?.onApplicationShutdown();
    await platform?.close();
  });

  it('loses nothing and duplicates nothing: the next worker writes each held event once', async () => {
    // A batch that would wait a minute to fill: the worker holds every job, none is written yet.
    await platform.startService('usage', { ROLES: 'worker', USAGE_BATCH_SIZE: '50', USAGE_BATCH_MAX_WAIT_MS: '60000', ...FAST_RECOVERY });
    const events = Array.from({ length: EVENTS }, (_, index) => usageEvent({ userId: 'u-crash', agentId: `agent-${index % 3}`, inputTokens: 1000 + index }));
    for (const event of events) await producer.add(QUEUES.usageLog, event);
    expect((await waitFor(() => queueCounts(platform.env, QUEUES.usageLog), (counts) => counts.active === EVENTS)).active).toBe(EVENTS);
    const stored = () => ownerQuery<{ event_id: string }>(platform.env, `SELECT event_id FROM usage.usage_logs WHERE user_id = 'u-crash'`);
    expect(await stored()).toEqual([]);

    await platform.kill('usage');
    await platform.startService('usage', { ROLES: 'worker', USAGE_BATCH_MAX_WAIT_MS: '50', ...FAST_RECOVERY });

    const counts = await waitFor(() => queueCounts(platform.env, QUEUES.usageLog), (found) => found.completed === EVENTS, 20_000);
    expect(counts).toMatchObject({ completed: EVENTS, failed: 0, active: 0, waiting: 0 });
    expect((await stored()).map((row) => row.event_id).sort()).toEqual(events.map((event) => event.eventId).sort());
    const [rollup] = await ownerQuery<{ calls: string; input_tokens: string }>(platform.env,
      `SELECT sum(calls) AS calls, sum(input_tokens) AS input_tokens FROM usage.usage_daily WHERE user_id = 'u-crash'`);
    expect(rollup).toEqual({ calls: String(EVENTS), input_tokens: String(events.reduce((sum, event) => sum + event.inputTokens, 0)) });
  });
});
