import { NUL_REFUSED, QUEUES, USAGE_MESSAGES } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import { waitFor, ownerQuery, queueProducer, TEST_INTERNAL_API_KEY, TestPlatform, toolCall, usageEvent, type TestClient } from '@platform/testing';
import { lastDays } from './day-range.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const today = () => daysAgo(0).slice(0, 10);

describe('backend usage queries', () => {
  let platform: TestPlatform;
  let producer: QueueFactory;
  let backend: TestClient;
  const bearer = { authorization: `Bearer ${TEST_INTERNAL_API_KEY}` };
  const asUser = (userId: string) => ({ ...bearer, 'x-user-id': userId });

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['usage'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    producer = queueProducer(platform.env);
    backend = platform.backend();
    for (const event of [
      // gpt-4o $2.50 / $10 per million: 2 500 + 10 000 = 12 500 micro-dollars
      usageEvent({ userId: 'ann', agentId: 'agent-1', model: 'openai/gpt-4o', provider: 'openai', inputTokens: 1000, outputTokens: 1000 }),
      // 12 500 again, three days back
      usageEvent({ userId: 'ann', agentId: 'agent-1', model: 'openai/gpt-4o', provider: 'openai', inputTokens: 1000, outputTokens: 1000, occurredAt: daysAgo(3) }),
      // claude-haiku-4-5 $1 / $5: 2 000 + 5 000 = 7 000
      usageEvent({ userId: 'ann', agentId: 'agent-2', model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', inputTokens: 2000, outputTokens: 1000 }),
      // 12 500, twenty days back: outside the 7-day views, inside the 30-day ones
      usageEvent({ userId: 'ann', agentId: 'agent-1', model: 'openai/gpt-4o', provider: 'openai', inputTokens: 1000, outputTokens: 1000, occurredAt: daysAgo(20) }),
      // another user: gpt-4o-mini $0.15 / $0.60: 1 500 + 6 000 = 7 500
      usageEvent({ userId: 'bob', agentId: 'agent-9', model: 'openai/gpt-4o-mini', provider: 'openai', inputTokens: 10_000, outputTokens: 10_000 }),
    ]) await producer.add(QUEUES.usageLog, event);
    for (const call of [
      toolCall({ userId: 'ann', agentId: 'agent-1', toolName: 'web_search', success: true, durationMs: 100 }),
      toolCall({ userId: 'ann', agentId: 'agent-1', toolName: 'web_search', success: false, durationMs: 301 }),
      toolCall({ userId: 'ann', agentId: 'agent-2', toolName: 'web_search', success: true, durationMs: 50 }),
      toolCall({ userId: 'ann', agentId: 'agent-1', toolName: 'calculator', success: true, durationMs: 5 }),
      toolCall({ userId: 'ann', agentId: 'agent-1', toolName: 'calculator', success: true, durationMs: 5, occurredAt: daysAgo(9) }),
    ]) await producer.add(QUEUES.usageTools, call);
    await waitFor(() => backend.get('/api/usage/by-model', bearer), (response) => response.body.reduce?.((sum: number, row: { turns: number }) => sum + row.turns, 0) === 5);
    await waitFor(() => backend.get('/api/usage/tools?days=30', bearer), (response) => response.body.reduce?.((sum: number, row: { calls: number }) => sum + row.calls, 0) === 5);
  });

  afterAll(async () => {
    await producer?.onApplicationShutdown();
    await platform?.close();
  });

  it('refuses a call without the bearer key (401)', async () => {
    const response = await backend.get('/api/usage/summary');
    expect(response.status).toBe(401);
  });

  it('GET /api/usage/summary: one item per day, agent, model and provider, newest first, 30 days by default', async () => {
    const response = await backend.get('/api/usage/summary', asUser('ann'));

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { date: today(), agent_id: 'agent-1', model: 'openai/gpt-4o', provider: 'openai', input_tokens: 1000, output_tokens: 1000, total_tokens: 2000, cost_usd: 0.0125, turn_count: 1 },
      { date: today(), agent_id: 'agent-2', model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', input_tokens: 2000, output_tokens: 1000, total_tokens: 3000, cost_usd: 0.007, turn_count: 1 },
      { date: daysAgo(3).slice(0, 10), agent_id: 'agent-1', model: 'openai/gpt-4o', provider: 'openai', input_tokens: 1000, output_tokens: 1000, total_tokens: 2000, cost_usd: 0.0125, turn_count: 1 },
      { date: daysAgo(20).slice(0, 10), agent_id: 'agent-1', model: 'openai/gpt-4o', provider: 'openai', input_tokens: 1000, output_tokens: 1000, total_tokens: 2000, cost_usd: 0.0125, turn_count: 1 },
    ]);
  });

  it('GET /api/usage/summary?days=1 covers today only', async () => {
    const response = await backend.get('/api/usage/summary?days=1', asUser('ann'));
    expect(response.body.map((item: { date: string }) => item.date)).toEqual([today(), today()]);
  });

  it('GET /api/usage/by-agent/:agentId: the agent’s usage per model', async () => {
    const response = await backend.get('/api/usage/by-agent/agent-1', asUser('ann'));

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { model: 'openai/gpt-4o', provider: 'openai', input_tokens: 3000, output_tokens: 3000, total_tokens: 6000, cost_usd: 0.0375, events: 3 },
    ]);
    expect((await backend.get('/api/usage/by-agent/agent-1?days=7', asUser('ann'))).body[0].events).toBe(2);
    expect((await backend.get('/api/usage/by-agent/agent-1', asUser('bob'))).body).toEqual([]);
  });

  it('GET /api/usage/by-model: per model and provider, most expensive first; every user without x-user-id', async () => {
    const ann = await backend.get('/api/usage/by-model', asUser('ann'));
    expect(ann.body).toEqual([
      { model: 'openai/gpt-4o', provider: 'openai', input_tokens: 3000, output_tokens: 3000, total_tokens: 6000, cost_usd: 0.0375, turns: 3 },
      { model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', input_tokens: 2000, output_tokens: 1000, total_tokens: 3000, cost_usd: 0.007, turns: 1 },
    ]);

    const everyone = await backend.get('/api/usage/by-model', bearer);
    expect(everyone.body.map((item: { model: string; turns: number }) => [item.model, item.turns])).toEqual([
      ['openai/gpt-4o', 3], ['openai/gpt-4o-mini', 1], ['anthropic/claude-haiku-4-5', 1],
    ]);
  });

  it('answers 400 for an x-user-id sent empty, rather than widening to every user', async () => {
    const response = await backend.get('/api/usage/by-model', asUser(''));
    expect([response.status, response.body]).toEqual([400, { error: 'x-user-id must not be empty: leave it out for every user' }]);
  });

  it('GET /api/usage/daily: every one of the last 7 days, oldest first, empty days at zero', async () => {
    const response = await backend.get('/api/usage/daily', asUser('ann'));

    expect(response.status).toBe(200);
    expect(response.body).toEqual(lastDays(7, new Date()).days.map((date, index) => ({
      date,
      ...[{ total_tokens: 2000, cost_usd: 0.0125, turns: 1 }, { total_tokens: 0, cost_usd: 0, turns: 0 }, { total_tokens: 0, cost_usd: 0, turns: 0 }, { total_tokens: 5000, cost_usd: 0.0195, turns: 2 }][index - 3]
        ?? { total_tokens: 0, cost_usd: 0, turns: 0 },
    })));
  });

  it('GET /api/usage/tools: calls, successes and mean duration per tool over 7 days, optionally for one agent', async () => {
    const all = await backend.get('/api/usage/tools', asUser('ann'));
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      { tool_name: 'web_search', calls: 3, successes: 2, avg_ms: 150 },
      { tool_name: 'calculator', calls: 1, successes: 1, avg_ms: 5 },
    ]);

    const agent = await backend.get('/api/usage/tools?agentId=agent-1&days=30', asUser('ann'));
    expect(agent.body).toEqual([
      { tool_name: 'calculator', calls: 2, successes: 2, avg_ms: 5 },
      { tool_name: 'web_search', calls: 2, successes: 1, avg_ms: 201 },
    ]);
  });

  it.each(['/api/usage/summary', '/api/usage/by-agent/agent-1', '/api/usage/by-model', '/api/usage/daily', '/api/usage/tools'])(
    'GET %s answers 400 for days that are not a whole number from 1 to 365',
    async (path) => {
      for (const days of ['0', '366', '2.5', 'abc', '']) {
        const response = await backend.get(`${path}?days=${days}`, bearer);
        expect([days, response.status, response.body]).toEqual([days, 400, { error: USAGE_MESSAGES.invalidDays }]);
      }
    },
  );

  it('GET /api/usage/tools answers 400 for an agentId longer than the 255 characters an agent id has', async () => {
    const response = await backend.get(`/api/usage/tools?agentId=${'a'.repeat(256)}`, asUser('ann'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: USAGE_MESSAGES.invalidAgentId });
    const longest = await backend.get(`/api/usage/tools?agentId=${'a'.repeat(255)}`, asUser('ann'));
    expect([longest.status, longest.body]).toEqual([200, []]);
  });

  it('GET /api/usage/by-agent/:agentId answers 400 for an agent id with a NUL, which PostgreSQL refuses', async () => {
    const response = await backend.get('/api/usage/by-agent/agent%00-1', asUser('ann'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: NUL_REFUSED });
  });

  it('counts by UTC day even when the database session runs in another time zone', async () => {
    const midnight = Date.parse(`${today()}T00:00:00.000Z`);
    await producer.add(QUEUES.usageTools, toolCall({ userId: 'tz', toolName: 'after-midnight', occurredAt: new Date(midnight + 1000).toISOString() }));
    await producer.add(QUEUES.usageTools, toolCall({ userId: 'tz', toolName: 'before-midnight', occurredAt: new Date(midnight - 1000).toISOString() }));
    const database = new URL(platform.env.DATABASE_URL!).pathname.slice(1);
    // UTC+14: a date read in the session's zone instead of UTC would pull yesterday's last hours in.
    await ownerQuery(platform.env, `ALTER DATABASE "${database}" SET timezone TO 'Pacific/Kiritimati'`);
    await platform.restartService('usage');

    const today1 = await waitFor(() => backend.get('/api/usage/tools?days=1', asUser('tz')), (response) => response.body.length > 0);
    const today2 = await backend.get('/api/usage/tools?days=2', asUser('tz'));

    expect(today1.body.map((item: { tool_name: string }) => item.tool_name)).toEqual(['after-midnight']);
    expect(today2.body.map((item: { tool_name: string }) => item.tool_name).sort()).toEqual(['after-midnight', 'before-midnight']);
  });

  it('POST /api/test-usage is gone: 404 on both surfaces', async () => {
    for (const client of [backend, platform.web()]) {
      const response = await client.post('/api/test-usage', { userId: 'ann', model: 'openai/gpt-4o' }, bearer);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Not found' });
    }
  });
});
