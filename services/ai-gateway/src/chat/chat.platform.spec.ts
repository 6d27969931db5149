import { randomUUID } from 'node:crypto';
import { MONTHLY_TOKEN_QUOTA, PLAN_MODELS, QUEUES } from '@platform/contracts';
import { queuedJobs, TEST_INTERNAL_API_KEY, TestClient, useAiPlatform, waitFor, type TestResponse } from '@platform/testing';
import { quotaKeys } from '../quota/quota-period.js';

const ATTEMPT_TIMEOUT_MS = 400;
const hello = { messages: [{ role: 'user', content: 'Hello there' }] };

describe('POST /api/ai/chat (platform-core 4.8)', () => {
  const ai = useAiPlatform({
    services: ['ai-gateway'],
    // Breakers stay shut in this file: failures here are about fallback, breakers have their own file.
    env: { ADMIN_EMAILS: 'ops@example.com,Boss@Example.com', AI_MODEL_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS), AI_BREAKER_VOLUME: '1000' },
  });
  const monthOf = (userId: string) => quotaKeys(ai.platform.env.REDIS_PREFIX!, userId, new Date()).month;
  /** Settled tokens and open reservations of the user's month. */
  const quotaOf = async (userId: string) => {
    const [used, reserved] = await ai.redis.hmget(monthOf(userId), 'used', 'reserved');
    return { used: Number(used ?? 0), reserved: Number(reserved ?? 0) };
  };

  /** A backend caller with the bearer key and these headers, from its own IP. */
  const caller = (headers: Record<string, string> = {}) =>
    new TestClient(ai.platform.backendUrl, { authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, ...headers });
  const subscriber = (plan: string, extra: Record<string, string> = {}) =>
    caller({ 'x-user-plan': plan, 'x-billing-subscription-id': 'sub_123', 'x-user-id': `user-${randomUUID()}`, ...extra });
  const chat = (client: TestClient, body: unknown = hello) => client.post('/api/ai/chat', body);
  const usageJobs = async (userId: string) =>
    (await queuedJobs(ai.platform.env, QUEUES.usageLog)).filter((job) => job.data.userId === userId);

  describe('access', () => {
    it('answers 401 without the bearer key', async () => {
      const response = await new TestClient(ai.platform.backendUrl, { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub' }).post('/api/ai/chat', hello);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });

    it.each([[{}], [{ 'x-user-plan': 'free' }], [{ 'x-user-plan': 'platinum' }]])('answers 402 PLAN_REQUIRED for plan headers %j', async (headers) => {
      const response = await chat(caller({ 'x-billing-subscription-id': 'sub_1', ...headers }));
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ success: false, code: 'PLAN_REQUIRED', error: 'A paid plan is required (label, solo, collective or network)' });
    });

    it('answers 402 SUBSCRIPTION_REQUIRED without a subscription id', async () => {
      const response = await chat(caller({ 'x-user-plan': 'solo' }));
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ success: false, code: 'SUBSCRIPTION_REQUIRED', error: 'An active subscription is required' });
    });

    it('accepts the old x-stripe-subscription-id header', async () => {
      const response = await chat(caller({ 'x-user-plan': 'solo', 'x-stripe-subscription-id': 'sub_old' }));
      expect(response.status).toBe(200);
    });

    it('answers 403 MODEL_RESTRICTED with the plan\'s models for a model outside the plan', async () => {
      const response = await chat(subscriber('label'), { ...hello, model: 'openai/gpt-4o' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        success: false, code: 'MODEL_RESTRICTED', error: 'Your plan does not include this model', allowedModels: [...(PLAN_MODELS.label as string[])],
      });
    });

    it('lets an admin (x-user-email in ADMIN_EMAILS, any case) chat without plan or subscription, with network models', async () => {
      const response = await chat(caller({ 'x-user-email': 'BOSS@example.com' }), { ...hello, model: 'anthropic/claude-opus-4-6' });
      expect(response.status).toBe(200);
      expect(response.body.model).toBe('anthropic/claude-opus-4-6');
    });

    it('does not treat an email outside ADMIN_EMAILS as admin', async () => {
      const response = await chat(caller({ 'x-user-email': 'someone@example.com' }));
      expect(response.status).toBe(402);
    });
  });

  describe('body', () => {
    it.each([[{}], [{ messages: [] }], [{ messages: 'hi' }]])('answers 400 for %j', async (body) => {
      const response = await chat(subscriber('solo'), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'messages must be a non-empty array' });
    });

    it('answers 400 for a message with another role', async () => {
      const response = await chat(subscriber('solo'), { messages: [{ role: 'tool', content: 'x' }] });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'each message needs role user, assistant or system' });
    });

    it('answers 400 for an x-agent-id longer than usage_logs can hold', async () => {
      const response = await chat(subscriber('solo', { 'x-agent-id': 'a'.repeat(256) }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'x-user-id and x-agent-id must be at most 255 characters' });
    });

    it('answers 400 for a model missing from the catalogue', async () => {
      const response = await chat(subscriber('network'), { ...hello, model: 'acme/rocket-1' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Unknown model' });
    });
  });

  describe('answers', () => {
    it('serves a chosen model on its provider and enqueues its usage event', async () => {
      const userId = `user-${randomUUID()}`;
      const client = subscriber('solo', { 'x-user-id': userId, 'x-agent-id': 'agent-42' });
      const response = await chat(client, { ...hello, model: 'openai/gpt-4o-mini', max_tokens: 64 });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^chatcmpl-/),
        model: 'openai/gpt-4o-mini',
        provider: 'openai',
        message: { role: 'assistant', content: 'gpt-4o-mini reply: Hello there' },
        usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 },
        timestamp: expect.any(String),
      });
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ vendor: 'openai', model: 'gpt-4o-mini', maxTokens: 64 })]);
      const jobs = await waitFor(() => usageJobs(userId), (found) => found.length > 0);
      expect(jobs).toEqual([{
        id: jobs[0]!.data.eventId,
        data: {
          eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), userId, agentId: 'agent-42', model: 'openai/gpt-4o-mini', provider: 'openai',
          inputTokens: 5, outputTokens: 9, endpoint: '/api/ai/chat', occurredAt: expect.any(String), billedTo: 'platform',
          durationMs: expect.any(Number), outcome: 'ok',
        },
      }]);
    });

    it('bills a chat without x-user-id and x-agent-id to anonymous and api-chat', async () => {
      const response = await chat(caller({ 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_1' }));
      expect(response.status).toBe(200);
      const jobs = await waitFor(() => usageJobs('anonymous'), (found) => found.length > 0);
      expect(jobs[0]!.data).toMatchObject({ userId: 'anonymous', agentId: 'api-chat', model: response.body.model });
    });

    it('speaks the messages protocol to the direct vendor, with its key and version headers', async () => {
      const response = await chat(subscriber('solo'), {
        messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }], model: 'anthropic/claude-haiku-4-5',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', message: { content: 'claude-haiku-4-5 reply: Hi' } });
      expect(response.body.id).toMatch(/^msg_/);
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ vendor: 'anthropic', model: 'claude-haiku-4-5', maxTokens: 1024 })]);
    });

    it('sends the direct vendor one of temperature and top_p, within its range, so the requested model serves', async () => {
      const response = await chat(subscriber('solo'), { ...hello, model: 'anthropic/claude-haiku-4-5', temperature: 1.5, top_p: 0.9 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'anthropic/claude-haiku-4-5', provider: 'anthropic' });
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ vendor: 'anthropic', model: 'claude-haiku-4-5' })]);
    });

    it('sends OpenAI\'s reasoning model max_completion_tokens and no sampling parameters, so it serves', async () => {
      const response = await chat(subscriber('network'), { ...hello, model: 'openai/o3', temperature: 0.5, top_p: 0.9, max_tokens: 64 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'openai/o3', provider: 'openai', message: { content: 'o3 reply: Hello there' } });
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ vendor: 'openai', model: 'o3', maxTokens: 64 })]);
    });

    it('picks a model from the task type when none is given, within the plan', async () => {
      const response = await chat(subscriber('label'), { ...hello, taskType: 'fast' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'google/gemini-2.5-flash', provider: 'openrouter' });
    });
  });

  describe('fallback (ai.platform-core section 8)', () => {
    it('retries on the provider\'s fallback when the primary answers 500, and names the model that served', async () => {
      await ai.llm.control('claude-haiku-4-5', { status: 500 });
      const response = await chat(subscriber('collective'), { ...hello, model: 'anthropic/claude-haiku-4-5' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic' });
      expect((await ai.llm.calls()).map((call) => call.model)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5']);
    });

    it('gives up on a model that hangs after AI_MODEL_TIMEOUT_MS and moves down the task tier', async () => {
      await ai.llm.control('google/gemini-2.5-flash', { hang: true });
      const started = Date.now();
      const response = await chat(subscriber('label'), { ...hello, taskType: 'fast' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'openai/gpt-4o-mini', provider: 'openrouter' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(ATTEMPT_TIMEOUT_MS);
    });

    it('answers 500 when every attempt fails, charges no quota and records the failed call at no cost', async () => {
      const userId = `user-${randomUUID()}`;
      for (const model of ['google/gemini-2.5-flash', 'openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5']) await ai.llm.control(model, { status: 503 });
      const response = await chat(subscriber('label', { 'x-user-id': userId }), { ...hello, taskType: 'fast' });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'AI provider error' });
      expect(await quotaOf(userId)).toEqual({ used: 0, reserved: 0 });
      const jobs = await waitFor(() => usageJobs(userId), (found) => found.length > 0);
      expect(jobs.map((job) => job.data)).toEqual([expect.objectContaining({
        model: 'google/gemini-2.5-flash', inputTokens: 0, outputTokens: 0, outcome: 'error', durationMs: expect.any(Number),
      })]);
    });
  });

  describe('monthly token quota (ai.platform-core section 8)', () => {
    const limit = MONTHLY_TOKEN_QUOTA.solo!;

    it('answers 429 QUOTA_EXCEEDED once the month is spent, and settles a success to the real usage', async () => {
      const userId = `user-${randomUUID()}`;
      const client = subscriber('solo', { 'x-user-id': userId });
      await ai.redis.hset(monthOf(userId), 'used', limit - 100);

      const spent = await chat(client, { ...hello, max_tokens: 20 });
      expect(spent.status).toBe(200);
      expect(await quotaOf(userId)).toEqual({ used: limit - 100 + spent.body.usage.total_tokens, reserved: 0 });

      await ai.redis.hset(monthOf(userId), 'used', limit);
      const refused = await chat(client);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        success: false, code: 'QUOTA_EXCEEDED', error: 'Monthly token quota exceeded', limit, used: limit, resetsAt: expect.stringMatching(/-01T00:00:00.000Z$/),
      });
    });

    it('does not count network callers against a quota', async () => {
      const userId = `user-${randomUUID()}`;
      const response = await chat(subscriber('network', { 'x-user-id': userId }));
      expect(response.status).toBe(200);
      expect(await ai.redis.exists(monthOf(userId))).toBe(0);
    });

    it('holds under 50 concurrent requests at a nearly spent quota: overshoot at most one reservation', async () => {
      const userId = `user-${randomUUID()}`;
      const start = limit - 300;
      await ai.redis.hset(monthOf(userId), 'used', start);
      await ai.llm.control('gpt-4o-mini', { latencyMs: 100 });
      // Five callers on five IPs: the AI route allows 30 per minute per IP.
      const clients = Array.from({ length: 5 }, () => subscriber('solo', { 'x-user-id': userId }));
      const body = { messages: [{ role: 'user', content: 'hi' }], model: 'openai/gpt-4o-mini', max_tokens: 50 };
      const reservation = Math.ceil('hi'.length / 3) + 4 + 50;

      const responses: TestResponse[] = await Promise.all(Array.from({ length: 50 }, (_, index) => chat(clients[index % 5]!, body)));

      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      const served = responses.filter((response) => response.status === 200);
      expect(served.length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      const { used, reserved } = await quotaOf(userId);
      expect(used).toBe(start + served.reduce((sum, response) => sum + response.body.usage.total_tokens, 0));
      expect(reserved).toBe(0);
      expect(used).toBeLessThanOrEqual(limit + reservation);
    });
  });
});

