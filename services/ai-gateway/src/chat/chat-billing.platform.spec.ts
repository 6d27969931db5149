import { randomUUID } from 'node:crypto';
import { PLAN_MODELS } from '@platform/contracts';
import { ownerQuery, TEST_INTERNAL_API_KEY, TestClient, useAiPlatform, waitFor, waitUntil } from '@platform/testing';
import { quotaKeys } from '../quota/quota-period.js';

const hello = { messages: [{ role: 'user', content: 'Hello there' }] };
/** What the headers claim in every test here: billing's word must win over them for a platform user. */
const CLAIMS = { 'x-user-plan': 'network', 'x-billing-subscription-id': 'sub_claimed' };
const OWN_KEY = 'sk-own-4f9c2e7d1b8a6350-user-secret';

/** Platform users (UUID ids): plan, subscription and own key from billing (docs/spec-decisions.md row 107). */
describe('POST /api/ai/chat for platform users', () => {
  const ai = useAiPlatform({
    services: ['usage'],
    processes: ['ai-gateway', 'billing'],
    // One failed platform call would open a provider's breaker: a user's key must not. Billing's
    // answers are kept a minute, so only billing's change events can make a change apply at once.
    env: {
      ADMIN_EMAILS: 'ops@example.com', AI_BREAKER_VOLUME: '1', AI_BREAKER_ERROR_PERCENT: '1', USAGE_BATCH_MAX_WAIT_MS: '50', AI_BILLING_CACHE_MS: '60000',
    },
  }, async (platform) => {
    // Every line they write, so the last tests can look for the user's key in all of them.
    await platform.startService('ai-gateway', { LOG_LEVEL: 'trace' });
    await platform.startService('billing', { LOG_LEVEL: 'trace' });
  });

  /** A backend caller with the bearer key, from an IP of its own. */
  const caller = (headers: Record<string, string>) =>
    new TestClient(ai.platform.backendUrl, { authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, ...headers });
  const chatAs = (userId: string, body: unknown = hello, headers: Record<string, string> = CLAIMS) =>
    caller({ 'x-user-id': userId, ...headers }).post('/api/ai/chat', body);
  const quotaUsed = async (userId: string) => Number(await ai.redis.hget(quotaKeys(ai.platform.env.REDIS_PREFIX!, userId, new Date()).month, 'used') ?? 0);
  const usageRows = (userId: string) => ownerQuery<{ model: string; provider: string; billed_to: string; cost_usd: string }>(ai.platform.env,
    'SELECT model, provider, billed_to, cost_usd::text FROM usage.usage_logs WHERE user_id = $1', [userId]);
  /** A ai.platform user who paid for `plan` at the sandbox processor, then maybe cancelled, maybe with their own key. */
  const userWith = async (state: { plan: 'solo' | 'label' | 'pro'; subscriptionStatus?: 'active' | 'canceled'; byok?: { provider: string; apiKey: string } }) => {
    const user = await ai.platform.newUser();
    await ai.platform.setPlan(user, state.plan, state.subscriptionStatus);
    if (state.byok) expect((await user.client.post('/api/billing', { action: 'enable-byok', ...state.byok })).status).toBe(200);
    return user.id;
  };

  describe('access from billing', () => {
    it('answers 402 SUBSCRIPTION_REQUIRED for a canceled subscription, although the headers say solo with a subscription', async () => {
      const userId = await userWith({ plan: 'solo', subscriptionStatus: 'canceled' });

      const response = await chatAs(userId, hello, { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_123' });

      expect(response.status).toBe(402);
      expect(response.body).toEqual({ success: false, code: 'SUBSCRIPTION_REQUIRED', error: 'An active subscription is required' });
      expect(await ai.llm.calls()).toEqual([]);
    });

    it('answers 402 PLAN_REQUIRED for a user billing has never seen (free, inactive), whatever the headers say', async () => {
      const response = await chatAs(randomUUID());

      expect(response.status).toBe(402);
      expect(response.body).toEqual({ success: false, code: 'PLAN_REQUIRED', error: 'A paid plan is required (label, solo, collective or network)' });
    });

    it('serves an active subscription on the plan billing keeps, asking billing once per chat', async () => {
      const userId = await userWith({ plan: 'label', subscriptionStatus: 'active' });

      const restricted = await chatAs(userId, { ...hello, model: 'anthropic/claude-opus-4-6' });
      const served = await chatAs(userId, { ...hello, taskType: 'fast' });

      expect(restricted.status).toBe(403);
      expect(restricted.body).toMatchObject({ code: 'MODEL_RESTRICTED', allowedModels: [...(PLAN_MODELS.label as string[])] });
      expect(served.status).toBe(200);
      expect(served.body).toMatchObject({ model: 'google/gemini-2.5-flash', provider: 'openrouter' });
      // Counted against label's quota with the platform's key, as any ai.platform chat.
      expect(await quotaUsed(userId)).toBe(served.body.usage.total_tokens);
      expect((await ai.llm.calls()).map((call) => call.apiKey)).toEqual(['sandbox-key']);
    });

    it('answers 402 PLAN_REQUIRED on estimate-cost for a plan outside the AI plans, and the estimate on an AI plan', async () => {
      const body = { model: 'openai/gpt-4o-mini', inputTokens: 1000, outputTokens: 1000 };
      const refused = await caller({ 'x-user-id': await userWith({ plan: 'pro', subscriptionStatus: 'active' }), ...CLAIMS }).post('/api/ai/estimate-cost', body);
      const estimated = await caller({ 'x-user-id': await userWith({ plan: 'label', subscriptionStatus: 'active' }), ...CLAIMS }).post('/api/ai/estimate-cost', body);

      expect([refused.status, refused.body.code]).toEqual([402, 'PLAN_REQUIRED']);
      expect([estimated.status, estimated.body.estimatedCost]).toEqual([200, 0.00075]);
    });
  });

  describe('when billing cannot answer', () => {
    let userId: string;

    beforeAll(async () => {
      userId = await userWith({ plan: 'solo', subscriptionStatus: 'active' });
      await ai.platform.stopService('billing');
    });

    afterAll(async () => {
      await ai.platform.startService('billing');
    });

    it('answers 503, never the headers\' word, and calls no model', async () => {
      const response = await chatAs(userId, hello, { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_123' });

      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'Service unavailable' });
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await ai.llm.calls()).toEqual([]);
    });

    it('still serves admins and header callers, who never ask billing', async () => {
      const admin = await chatAs(randomUUID(), hello, { 'x-user-email': 'OPS@example.com' });
      const backendUser = await chatAs(`user-${randomUUID()}`, hello, { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_1' });

      expect([admin.status, backendUser.status]).toEqual([200, 200]);
    });
  });

  describe('own provider key (bring-your-own-key)', () => {
    it('uses a key enabled after the user\'s last chat at once: billing\'s change event drops the cached answer', async () => {
      const user = await ai.platform.newUser();
      await ai.platform.setPlan(user, 'solo');
      const keyOfChat = async () => {
        expect((await chatAs(user.id, { ...hello, model: 'openai/gpt-4o-mini' })).status).toBe(200);
        return (await ai.llm.calls()).at(-1)?.apiKey;
      };
      expect(await keyOfChat()).toBe('sandbox-key');

      expect((await user.client.post('/api/billing', { action: 'enable-byok', provider: 'openai', apiKey: OWN_KEY })).status).toBe(200);

      expect(await waitUntil('the own key used', keyOfChat, (key) => key === OWN_KEY, 3000)).toBe(OWN_KEY);
    });

    it('sends the chat to the key\'s provider with the user\'s key, counts no quota, and records usage billed to the user', async () => {
      const userId = await userWith({ plan: 'solo', subscriptionStatus: 'active', byok: { provider: 'anthropic', apiKey: OWN_KEY } });

      const response = await chatAs(userId, { ...hello, model: 'anthropic/claude-haiku-4-5' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', message: { content: 'claude-haiku-4-5 reply: Hello there' } });
      expect(await ai.llm.calls()).toEqual([expect.objectContaining({ vendor: 'anthropic', model: 'claude-haiku-4-5', apiKey: OWN_KEY })]);
      expect(await ai.redis.exists(quotaKeys(ai.platform.env.REDIS_PREFIX!, userId, new Date()).month)).toBe(0);
      const rows = await waitFor(() => usageRows(userId), (found) => found.length === 1);
      // Still priced: $1 / $5 per million tokens for the usage the reply reports.
      const { prompt_tokens: input, completion_tokens: output } = response.body.usage;
      expect(rows).toEqual([{ model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', billed_to: 'user', cost_usd: ((input * 1 + output * 5) / 1_000_000).toFixed(6) }]);
    });

    it('routes any allowed model through the aggregator with an aggregator key, picking one when none is asked for', async () => {
      const userId = await userWith({ plan: 'solo', subscriptionStatus: 'active', byok: { provider: 'openrouter', apiKey: OWN_KEY } });

      const chosen = await chatAs(userId, { ...hello, model: 'openai/gpt-4o-mini' });
      const picked = await chatAs(userId, hello);

      expect(chosen.body).toMatchObject({ model: 'openai/gpt-4o-mini', provider: 'openrouter' });
      expect(picked.body).toMatchObject({ model: 'meta-llama/llama-3.3-70b-instruct', provider: 'openrouter' });
      expect((await ai.llm.calls()).map(({ vendor, apiKey }) => [vendor, apiKey])).toEqual([['openrouter', OWN_KEY], ['openrouter', OWN_KEY]]);
    });

    it('picks within the vendor of a direct vendor key when no model is asked for', async () => {
      const userId = await userWith({ plan: 'solo', subscriptionStatus: 'active', byok: { provider: 'openai', apiKey: OWN_KEY } });

      const response = await chatAs(userId, { ...hello, taskType: 'coding' });

      expect(response.body).toMatchObject({ model: 'openai/gpt-4o-mini', provider: 'openai' });
    });

    it('answers 400 for another vendor\'s model on a direct vendor key, calling no model', async () => {
      const userId = await userWith({ plan: 'solo', subscriptionStatus: 'active', byok: { provider: 'openai', apiKey: OWN_KEY } });

      const response = await chatAs(userId, { ...hello, model: 'anthropic/claude-haiku-4-5' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Your own openai key serves only openai models: choose one of them, or leave model out to have one picked' });
      expect(await ai.llm.calls()).toEqual([]);
    });

    it('answers the provider\'s failure for a refused key, never with the ai.platform\'s key, and leaves the ai.platform\'s breaker shut', async () => {
      const userId = await userWith({ plan: 'solo', subscriptionStatus: 'active', byok: { provider: 'anthropic', apiKey: OWN_KEY } });
      await ai.llm.control('claude-haiku-4-5', { status: 401 });

      const refused = await chatAs(userId, { ...hello, model: 'anthropic/claude-haiku-4-5' });

      expect(refused.status).toBe(500);
      expect(refused.body).toEqual({ error: 'AI provider error' });
      expect((await ai.llm.calls()).map((call) => call.apiKey)).toEqual([OWN_KEY]);
      expect(await ai.redis.exists(quotaKeys(ai.platform.env.REDIS_PREFIX!, userId, new Date()).month)).toBe(0);
      const health = await new TestClient(ai.platform.backendUrl).get('/api/ai/health');
      expect(health.body.providers).toEqual({ openrouter: true, anthropic: true, openai: true });
      await ai.llm.reset();
      const platformChat = await chatAs(`user-${randomUUID()}`, { ...hello, model: 'anthropic/claude-haiku-4-5' }, { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_1' });
      expect([platformChat.status, platformChat.body.provider]).toEqual([200, 'anthropic']);
    });

    it('never writes the key to a log: every line of these chats and of billing, served and failed, at trace level', async () => {
      const logs = ai.platform.logs('ai-gateway');

      expect(logs).toContain("anthropic/claude-haiku-4-5 on anthropic with the user's own key failed");
      expect(logs).not.toContain(OWN_KEY);
      expect(ai.platform.logs('billing')).not.toContain(OWN_KEY);
    });

    it('stores the key sealed: the database holds no readable copy', async () => {
      const rows = await ownerQuery<{ byok_key: string }>(ai.platform.env, 'SELECT byok_key FROM billing.accounts WHERE byok_key IS NOT NULL', []);

      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.byok_key).not.toContain(OWN_KEY);
    });
  });
});
