import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { QUEUES, type UsageEventJob } from '@platform/contracts';
import { APP_ROLE, createDataSource, Db } from '@platform/database';
import type { QueueFactory } from '@platform/queue';
import { waitFor, ownerQuery, queueProducer, TestPlatform, toolCall, usageEvent } from '@platform/testing';
import { usageDatabase } from '../database.js';

describe('usage.log worker', () => {
  let platform: TestPlatform;
  let producer: QueueFactory;
  const logged = jest.spyOn(Logger.prototype, 'log');

  const rowsOf = (userId: string) => ownerQuery(platform.env,
    `SELECT event_id, agent_id, model, provider, input_tokens, output_tokens, cost_usd::text, endpoint, created_at
     FROM usage.usage_logs WHERE user_id = $1 ORDER BY id`, [userId]);
  const rollupOf = (userId: string) => ownerQuery(platform.env,
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, agent_id, model, provider, input_tokens::int, output_tokens::int, cost_micros::int, calls
     FROM usage.usage_daily WHERE user_id = $1 ORDER BY day, agent_id, model`, [userId]);
  const enqueue = async (...events: UsageEventJob[]) => {
    for (const event of events) await producer.add(QUEUES.usageLog, event);
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['usage'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    producer = queueProducer(platform.env);
  });

  afterAll(async () => {
    await producer?.onApplicationShutdown();
    await platform?.close();
  });

  it('writes one row per event with cost_usd priced at write time, and logs it', async () => {
    const event = usageEvent({ userId: 'u-cost', agentId: 'agent-cost', model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic', inputTokens: 1000, outputTokens: 500 });

    await enqueue(event);

    const rows = await waitFor(() => rowsOf('u-cost'), (found) => found.length === 1);
    // $3 per million input tokens, $15 per million output: 1000 * 3 + 500 * 15 = 10 500 micro-dollars.
    expect(rows).toEqual([{
      event_id: event.eventId, agent_id: 'agent-cost', model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic',
      input_tokens: 1000, output_tokens: 500, cost_usd: '0.010500', endpoint: '/api/ai/chat', created_at: new Date(event.occurredAt),
    }]);
    expect(logged).toHaveBeenCalledWith('[UsageLogger] Logging: agent-cost | anthropic/claude-sonnet-4-5 | 1000+500 tokens | $0.010500');
  });

  it('stores who paid the provider: billed_to user for a call on the user\'s own key, platform otherwise, each still priced', async () => {
    await enqueue(
      usageEvent({ userId: 'u-billed', agentId: 'own-key', model: 'openai/gpt-4o-mini', inputTokens: 1_000_000, outputTokens: 0, billedTo: 'user' }),
      usageEvent({ userId: 'u-billed', agentId: 'platform-key', model: 'openai/gpt-4o-mini', inputTokens: 1_000_000, outputTokens: 0 }),
    );

    const rows = await waitFor(
      () => ownerQuery(platform.env, `SELECT agent_id, billed_to, cost_usd::text FROM usage.usage_logs WHERE user_id = 'u-billed' ORDER BY agent_id`),
      (found) => found.length === 2,
    );
    expect(rows).toEqual([
      { agent_id: 'own-key', billed_to: 'user', cost_usd: '0.150000' },
      { agent_id: 'platform-key', billed_to: 'platform', cost_usd: '0.150000' },
    ]);
  });

  it('rounds a fraction of a micro-dollar up and prices a model missing from the catalogue at zero', async () => {
    await enqueue(
      usageEvent({ userId: 'u-round', agentId: 'a', model: 'openai/gpt-4o-mini', inputTokens: 1, outputTokens: 0 }),
      usageEvent({ userId: 'u-round', agentId: 'b', model: 'nobody/unknown-model', inputTokens: 5000, outputTokens: 5000 }),
    );

    const rows = await waitFor(() => rowsOf('u-round'), (found) => found.length === 2);
    expect(rows.map((row) => [row.agent_id, row.cost_usd])).toEqual(expect.arrayContaining([['a', '0.000001'], ['b', '0.000000']]));
  });

  it('writes a redelivered event (same eventId) once and counts it once in the rollup', async () => {
    const event = usageEvent({ userId: 'u-dup', agentId: 'agent-dup', inputTokens: 10_000, outputTokens: 2_000 });
    const marker = usageEvent({ userId: 'u-dup', agentId: 'agent-marker' });

    await enqueue(event, event);
    await waitFor(() => rowsOf('u-dup'), (found) => found.length >= 1);
    // Again after the first is committed, then a marker: once the marker is written, the repeat had its turn.
    await enqueue(event, marker);
    const rows = await waitFor(() => rowsOf('u-dup'), (found) => found.some((row) => row.agent_id === 'agent-marker'));

    expect(rows.filter((row) => row.event_id === event.eventId)).toHaveLength(1);
    expect(rows).toHaveLength(2);
    const rollup = await rollupOf('u-dup');
    // gpt-4o-mini: 10 000 * 0.15 + 2 000 * 0.6 = 2 700 micro-dollars.
    expect(rollup.find((row) => row.agent_id === 'agent-dup')).toMatchObject({ input_tokens: 10_000, output_tokens: 2_000, cost_micros: 2700, calls: 1 });
    // Decision 48: the success line is for newly inserted events, not for redeliveries.
    expect(logged.mock.calls.filter(([line]) => String(line).startsWith('[UsageLogger] Logging: agent-dup |'))).toHaveLength(1);
  });

  it('keeps daily rollups per UTC day, agent and model, summing tokens, cost and calls', async () => {
    const base = { userId: 'u-roll', agentId: 'agent-r', model: 'openai/gpt-4o', provider: 'openai' };
    await enqueue(
      usageEvent({ ...base, inputTokens: 1000, outputTokens: 100, occurredAt: '2026-03-10T23:59:59.000Z' }),
      usageEvent({ ...base, inputTokens: 3000, outputTokens: 300, occurredAt: '2026-03-10T00:00:00.000Z' }),
      // 01:00 at +02:00 is still the 10th in UTC.
      usageEvent({ ...base, inputTokens: 500, outputTokens: 50, occurredAt: '2026-03-11T01:00:00+02:00' }),
      usageEvent({ ...base, inputTokens: 2000, outputTokens: 0, occurredAt: '2026-03-11T12:00:00.000Z' }),
      usageEvent({ ...base, model: 'openai/o3', inputTokens: 1000, outputTokens: 1000, occurredAt: '2026-03-11T12:00:00.000Z' }),
    );

    const rollup = await waitFor(() => rollupOf('u-roll'), (rows) => rows.reduce((sum, row) => sum + Number(row.calls), 0) === 5);
    // gpt-4o: $2.50 / $10 per million; o3: $2 / $8.
    expect(rollup).toEqual([
      { day: '2026-03-10', agent_id: 'agent-r', model: 'openai/gpt-4o', provider: 'openai', input_tokens: 4500, output_tokens: 450, cost_micros: 3500 + 10_500 + 1750, calls: 3 },
      { day: '2026-03-11', agent_id: 'agent-r', model: 'openai/gpt-4o', provider: 'openai', input_tokens: 2000, output_tokens: 0, cost_micros: 5000, calls: 1 },
      { day: '2026-03-11', agent_id: 'agent-r', model: 'openai/o3', provider: 'openai', input_tokens: 1000, output_tokens: 1000, cost_micros: 10_000, calls: 1 },
    ]);
  });

  it('writes tool calls to tool_usage, once per event id', async () => {
    const call = toolCall({ userId: 'u-tool', agentId: 'agent-t', toolName: 'browser', success: false, durationMs: 950 });
    const marker = toolCall({ userId: 'u-tool', agentId: 'agent-t', toolName: 'marker' });
    const toolRows = () => ownerQuery(platform.env, `SELECT event_id, agent_id, tool_name, success, duration_ms FROM usage.tool_usage WHERE user_id = 'u-tool' ORDER BY id`);

    await producer.add(QUEUES.usageTools, call);
    await waitFor(toolRows, (rows) => rows.length === 1);
    await producer.add(QUEUES.usageTools, call);
    await producer.add(QUEUES.usageTools, marker);
    const rows = await waitFor(toolRows, (found) => found.length >= 2);

    expect(rows).toEqual([
      { event_id: call.eventId, agent_id: 'agent-t', tool_name: 'browser', success: false, duration_ms: 950 },
      { event_id: marker.eventId, agent_id: 'agent-t', tool_name: 'marker', success: true, duration_ms: 120 },
    ]);
  });

  it('keeps usage rows row-level secured: the app role sees a user’s rows only in that user’s scope', async () => {
    await producer.add(QUEUES.usageLog, usageEvent({ userId: 'u-rls-a' }));
    await producer.add(QUEUES.usageTools, toolCall({ userId: 'u-rls-a' }));
    await waitFor(() => ownerQuery(platform.env, `SELECT 1 FROM usage.tool_usage WHERE user_id = 'u-rls-a'`), (rows) => rows.length === 1);
    await waitFor(() => rowsOf('u-rls-a'), (rows) => rows.length === 1);
    const dataSource = await createDataSource(platform.env.DATABASE_URL!, usageDatabase, true, 1).initialize();
    const owners = (table: string) => async (manager: { query: (sql: string) => Promise<{ user_id: string }[]> }) =>
      [...new Set((await manager.query(`SELECT user_id FROM usage.${table} WHERE user_id LIKE 'u-rls-%'`)).map((row) => row.user_id))];
    try {
      const sut = new Db(dataSource);
      expect(await dataSource.query('SELECT current_user AS role')).toEqual([{ role: APP_ROLE }]);
      for (const table of ['usage_logs', 'usage_daily', 'tool_usage']) {
        expect([table, await owners(table)(dataSource.manager)]).toEqual([table, []]);
        expect([table, await sut.withUser('u-rls-b', owners(table))]).toEqual([table, []]);
        expect([table, await sut.withUser('u-rls-a', owners(table))]).toEqual([table, ['u-rls-a']]);
      }
    } finally {
      await dataSource.destroy();
    }
  });
});
