import { AI_MESSAGES, MONTHLY_TOKEN_QUOTA, OPENAI_MESSAGES, PLAN_MODELS, modelNotFound } from '@platform/contracts';
import { ownerQuery, postEventStream, TestClient, useAiPlatform, waitFor, type TestUser } from '@platform/testing';
import { quotaKeys } from '../quota/quota-period.js';

const PATH = '/api/v1/gateway/chat/completions';
const hello = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }] };

/** OpenAI's error object with this status's type and code. */
const openAiError = (type: string, code: string | null, message: unknown = expect.any(String)) =>
  ({ error: { message, type, param: null, code } });

interface Keyed {
  user: TestUser;
  keyId: string;
  key: string;
  /** The key as a program sends it, from an address of its own. */
  api: TestClient;
}

describe('POST /api/v1/gateway/chat/completions', () => {
  const ai = useAiPlatform({ services: ['billing', 'usage', 'ai-gateway'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });

  /** A user who paid for `plan` (or none) with a key, capped at `monthlySpendCap` USD when given. */
  const keyed = async (plan: 'label' | 'solo' | 'network' | null, monthlySpendCap?: number | null): Promise<Keyed> => {
    const user = await ai.platform.newUser();
    if (plan) await ai.platform.setPlan(user, plan);
    const made = await user.client.post('/api/keys', { name: 'program', monthlySpendCap });
    expect(made.status).toBe(201);
    return { user, keyId: made.body.id, key: made.body.key, api: new TestClient(ai.platform.webUrl, { authorization: `Bearer ${made.body.key}` }) };
  };
  const usageRows = (keyId: string) => ownerQuery<{ user_id: string; agent_id: string; endpoint: string; model: string; cost_usd: string }>(
    ai.platform.env, 'SELECT user_id, agent_id, endpoint, model, cost_usd::text FROM usage.usage_logs WHERE api_key_id = $1', [keyId]);
  const micros = (rows: Array<{ cost_usd: string }>) => rows.reduce((sum, row) => sum + Math.round(Number(row.cost_usd) * 1_000_000), 0);

  describe('answers', () => {
    let solo: Keyed;

    beforeAll(async () => {
      solo = await keyed('solo');
    });

    it("answers OpenAI's chat.completion object", async () => {
      const response = await solo.api.post(PATH, hello);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(String),
        object: 'chat.completion',
        created: expect.any(Number),
        model: 'openai/gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: expect.stringContaining('Hello there') }, finish_reason: 'stop' }],
        usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      });
      expect(Math.abs(response.body.created - Date.now() / 1000)).toBeLessThan(60);
    });

    it('writes the usage row with the key id, priced by the usage worker', async () => {
      const response = await solo.api.post(PATH, hello);
      expect(response.status).toBe(200);

      const rows = await waitFor(() => usageRows(solo.keyId), (found) => found.length >= 2);

      expect(rows).toContainEqual({ user_id: solo.user.id, agent_id: 'api-gateway', endpoint: PATH, model: 'openai/gpt-4o-mini', cost_usd: expect.stringMatching(/^0\.0000\d\d$/) });
    });

    it('tolerates OpenAI fields it does not use, takes max_completion_tokens, and says a cut answer stopped at the length', async () => {
      const response = await solo.api.post(PATH, {
        ...hello, max_completion_tokens: 2, logprobs: false, seed: 7, user: 'end-user-1', stream: false, messages: [
          { role: 'developer', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'Hello ' }, { type: 'text', text: 'there' }] },
        ],
      });

      expect(response.status).toBe(200);
      expect(response.body.choices[0].finish_reason).toBe('length');
      expect(response.body.usage.completion_tokens).toBe(2);
      expect((await ai.llm.calls()).at(-1)?.maxTokens).toBe(2);
    });

    it('counts the chat against the owner\'s monthly token quota', async () => {
      const month = quotaKeys(ai.platform.env.REDIS_PREFIX!, solo.user.id, new Date()).month;
      const before = Number(await ai.redis.hget(month, 'used') ?? 0);

      const response = await solo.api.post(PATH, hello);

      expect(Number(await ai.redis.hget(month, 'used'))).toBe(before + response.body.usage.total_tokens);
    });
  });

  describe('errors in OpenAI\'s shape', () => {
    it('answers 401 invalid_api_key without a key', async () => {
      const response = await ai.platform.web().post(PATH, hello);
      expect(response.status).toBe(401);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'invalid_api_key', OPENAI_MESSAGES.invalidApiKey));
    });

    it('answers 401 invalid_api_key for an unknown sk_ key', async () => {
      const response = await ai.platform.web().post(PATH, hello, { authorization: 'Bearer sk_not-a-real-key-0123456789' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'invalid_api_key'));
    });

    it('answers 401 to a signed-in browser: a session cookie is not a key', async () => {
      const { user } = await keyed('solo');
      const response = await user.client.post(PATH, hello);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('invalid_api_key');
      expect(await ai.llm.calls()).toEqual([]);
    });

    it('answers 402 plan_required for a key whose owner has no paid plan', async () => {
      const response = await (await keyed(null)).api.post(PATH, hello, { 'x-user-plan': 'network', 'x-billing-subscription-id': 'sub_claimed' });
      expect(response.status).toBe(402);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'plan_required', AI_MESSAGES.planRequired));
    });

    it('answers 402 subscription_required once the owner\'s subscription is canceled', async () => {
      const owner = await keyed(null);
      await ai.platform.setPlan(owner.user, 'solo', 'canceled');
      const response = await owner.api.post(PATH, hello);
      expect(response.status).toBe(402);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'subscription_required', AI_MESSAGES.subscriptionRequired));
    });

    it('answers 403 model_restricted for a model outside the owner\'s plan', async () => {
      const response = await (await keyed('label')).api.post(PATH, { ...hello, model: 'anthropic/claude-opus-4-6' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'model_restricted', AI_MESSAGES.modelRestricted));
      expect(await ai.llm.calls()).toEqual([]);
    });

    it('answers 404 model_not_found for a model the catalogue does not have', async () => {
      const response = await (await keyed('solo')).api.post(PATH, { ...hello, model: 'openai/gpt-9' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'model_not_found', modelNotFound('openai/gpt-9')));
    });

    it.each([
      ['no model', { messages: hello.messages }, OPENAI_MESSAGES.modelRequired],
      ['no messages', { model: hello.model }, OPENAI_MESSAGES.messagesRequired],
      ['n above 1', { ...hello, n: 2 }, OPENAI_MESSAGES.singleChoice],
    ])('answers 400 invalid_request_error for %s', async (_, body, message) => {
      const response = await (await keyed('solo')).api.post(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(openAiError('invalid_request_error', null, message));
    });

    it('answers 400 for malformed JSON, written by the edge', async () => {
      const response = await (await keyed('solo')).api.post(PATH, '{"model":', { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(openAiError('invalid_request_error', null, 'Malformed JSON body'));
    });

    it('answers 413 request_too_large for a body over 1 MB', async () => {
      const huge = { ...hello, messages: [{ role: 'user', content: 'x'.repeat(1024 * 1024) }] };
      const response = await (await keyed('solo')).api.post(PATH, huge);
      expect(response.status).toBe(413);
      expect(response.body).toEqual(openAiError('invalid_request_error', 'request_too_large'));
    });

    it('answers 429 insufficient_quota once the owner\'s monthly tokens are spent', async () => {
      const owner = await keyed('solo');
      await ai.redis.hset(quotaKeys(ai.platform.env.REDIS_PREFIX!, owner.user.id, new Date()).month, 'used', MONTHLY_TOKEN_QUOTA.solo!);
      const response = await owner.api.post(PATH, hello);
      expect(response.status).toBe(429);
      expect(response.body).toEqual(openAiError('insufficient_quota', 'insufficient_quota', AI_MESSAGES.quotaExceeded));
    });

    it('answers the 101st request of a minute from one address with 429 rate_limit_exceeded and RateLimit headers', async () => {
      const { api } = await keyed('solo');
      const responses = [];
      for (let index = 0; index < 101; index += 1) responses.push(await api.get('/api/v1/gateway/models'));

      expect(responses.slice(0, 100).map((response) => response.status)).toEqual(Array(100).fill(200));
      expect(responses[100]!.status).toBe(429);
      expect(responses[100]!.body).toEqual(openAiError('requests', 'rate_limit_exceeded', 'Too many requests, please slow down.'));
      expect(responses[0]!.headers.get('ratelimit-limit')).toBe('100');
      expect(responses[100]!.headers.get('ratelimit-remaining')).toBe('0');
    });
  });

  describe('monthly spend cap per key', () => {
    it('answers 429 insufficient_quota at once for a key capped at $0, without calling a model', async () => {
      const response = await (await keyed('solo', 0)).api.post(PATH, hello);
      expect(response.status).toBe(429);
      expect(response.body).toEqual(openAiError('insufficient_quota', 'insufficient_quota', AI_MESSAGES.spendCapReached));
      expect(await ai.llm.calls()).toEqual([]);
    });

    /** One request's status and body (for a stream: its events read to the end, or its error before it). */
    const ask = async (api: TestClient, stream: boolean): Promise<{ status: number; body: any }> => {
      if (!stream) return api.post(PATH, { ...hello, max_tokens: 20 });
      const opened = await postEventStream(api, PATH, { ...hello, max_tokens: 20, stream: true });
      return { status: opened.status, body: opened.status === 200 ? await opened.rest() : await opened.json() };
    };

    it.each([['whole', false], ['streamed', true]])('lets 50 concurrent %s answers overshoot a small cap by at most one request, and shows the spend on the key', async (_, stream) => {
      const capUsd = 0.0001;
      const owner = await keyed('solo', capUsd);
      // All 50 are in flight together: each answer takes a while.
      await ai.llm.control('gpt-4o-mini', { latencyMs: 200 });

      const responses = await Promise.all(Array.from({ length: 50 }, () => ask(owner.api, stream as boolean)));

      const served = responses.filter((response) => response.status === 200);
      const refused = responses.filter((response) => response.status === 429);
      expect(served.length + refused.length).toBe(50);
      expect(served.length).toBeGreaterThan(0);
      if (stream) expect(served.map((response) => response.body.at(-1))).toEqual(served.map(() => '[DONE]'));
      expect(refused[0]?.body).toEqual(openAiError('insufficient_quota', 'insufficient_quota', AI_MESSAGES.spendCapReached));
      const rows = await waitFor(() => usageRows(owner.keyId), (found) => found.length === served.length);
      const oneRequest = Math.max(...rows.map((row) => micros([row])));
      expect(micros(rows)).toBeLessThanOrEqual(capUsd * 1_000_000 + oneRequest);
      const view = await owner.user.client.get(`/api/keys/${owner.keyId}`);
      expect(view.body).toMatchObject({ monthlySpendCap: capUsd, spentThisMonth: micros(rows) / 1_000_000 });
    });

    it('keeps serving until the cap is reached one request at a time, then refuses', async () => {
      const capUsd = 0.00005;
      const owner = await keyed('solo', capUsd);
      const statuses: number[] = [];
      for (let index = 0; index < 20 && statuses.at(-1) !== 429; index += 1) statuses.push((await owner.api.post(PATH, { ...hello, max_tokens: 20 })).status);

      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      const rows = await waitFor(() => usageRows(owner.keyId), (found) => found.length === statuses.length - 1);
      // Refused only once what was spent (settled to the real cost) reached the cap.
      expect(micros(rows)).toBeGreaterThanOrEqual(capUsd * 1_000_000);
    });

    it('applies a cap set later with PATCH /api/keys/:id to the next request, and lifts it with null', async () => {
      const owner = await keyed('solo');
      expect((await owner.api.post(PATH, hello)).status).toBe(200);

      expect((await owner.user.client.patch(`/api/keys/${owner.keyId}`, { monthlySpendCap: 0 })).status).toBe(200);
      const capped = await waitFor(() => owner.api.post(PATH, hello), (response) => response.status !== 200);
      expect(capped.body.error.code).toBe('insufficient_quota');

      expect((await owner.user.client.patch(`/api/keys/${owner.keyId}`, { monthlySpendCap: null })).status).toBe(200);
      const lifted = await waitFor(() => owner.api.post(PATH, hello), (response) => response.status === 200);
      expect(lifted.body.object).toBe('chat.completion');
    });
  });

  describe('GET /api/v1/gateway/models', () => {
    it.each([['label'], ['solo'], ['network']] as const)('lists exactly the models a %s plan allows, in OpenAI\'s list shape', async (plan) => {
      const response = await (await keyed(plan)).api.get('/api/v1/gateway/models');
      const allowed = PLAN_MODELS[plan];

      expect(response.status).toBe(200);
      expect(response.body.object).toBe('list');
      expect(response.body.data).toContainEqual({ id: 'openai/gpt-4o-mini', object: 'model', created: expect.any(Number), owned_by: 'openai' });
      if (allowed !== 'all') expect(response.body.data.map((model: { id: string }) => model.id).sort()).toEqual([...allowed].sort());
      else expect(response.body.data.length).toBeGreaterThan(PLAN_MODELS.collective.length);
    });

    it('answers 402 plan_required for a key whose owner has no paid plan', async () => {
      const response = await (await keyed(null)).api.get('/api/v1/gateway/models');
      expect(response.status).toBe(402);
      expect(response.body.error.code).toBe('plan_required');
    });
  });

  describe('while the AI layer is unreachable', () => {
    beforeAll(async () => {
      await ai.platform.stopService('ai-gateway');
    });

    it('answers 503 service_unavailable with Retry-After', async () => {
      const response = await (await keyed('solo')).api.post(PATH, hello);
      expect(response.status).toBe(503);
      expect(response.body).toEqual(openAiError('server_error', 'service_unavailable', 'Service unavailable'));
      expect(response.headers.get('retry-after')).toBe('5');
    });
  });
});
