import { AI_PROVIDERS, MODEL_CATALOGUE } from '@platform/contracts';
import { LlmSandbox, TEST_INTERNAL_API_KEY, TestClient, TestPlatform } from '@platform/testing';

const BREAKER_RESET_MS = 600;

describe('AI models, selection, cost and health (platform-core 4.8)', () => {
  let platform: TestPlatform;
  let llm: LlmSandbox;

  const anonymous = () => new TestClient(platform.backendUrl);
  const caller = (headers: Record<string, string> = {}) =>
    new TestClient(platform.backendUrl, { authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, ...headers });

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['ai-gateway'],
      env: { AI_BREAKER_RESET_MS: String(BREAKER_RESET_MS), AI_BREAKER_VOLUME: '4', AI_MODEL_TIMEOUT_MS: '2000' },
    });
    llm = new LlmSandbox(platform.sandbox.url);
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('GET /api/ai/models', () => {
    it('lists every catalogue model with costs in USD per million tokens, a count and a count per provider', async () => {
      const response = await anonymous().get('/api/ai/models');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        models: expect.any(Array), count: MODEL_CATALOGUE.length, openrouter: 6, anthropic: 3, openai: 3, timestamp: expect.any(String),
      });
      expect(response.body.models.find((model: { id: string }) => model.id === 'openai/gpt-4o-mini')).toEqual({
        id: 'openai/gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', description: 'Small, fast OpenAI model',
        tags: ['fast', 'general'], inputCost: 0.15, outputCost: 0.6, contextWindow: 128_000, available: true,
      });
    });

    it('counts against the AI rate limit of 30 per minute', async () => {
      const response = await anonymous().get('/api/ai/models');
      expect(response.headers.get('ratelimit-limit')).toBe('30');
    });
  });

  describe('GET /api/ai/models/:provider', () => {
    it.each(AI_PROVIDERS)('lists the models of %s', async (provider) => {
      const response = await anonymous().get(`/api/ai/models/${provider}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ provider, models: expect.any(Array), count: response.body.models.length, timestamp: expect.any(String) });
      expect(response.body.models.every((model: { provider: string }) => model.provider === provider)).toBe(true);
    });

    it('answers 404 for a provider it does not know', async () => {
      const response = await anonymous().get('/api/ai/models/acme');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Unknown provider' });
    });
  });

  describe('POST /api/ai/models/select', () => {
    it.each([
      [undefined, 'general', 'meta-llama/llama-3.3-70b-instruct'],
      ['reasoning', 'reasoning', 'anthropic/claude-opus-4-6'],
      ['coding', 'coding', 'anthropic/claude-sonnet-4-5'],
      ['fast', 'fast', 'google/gemini-2.5-flash'],
      ['creative', 'creative', 'openai/gpt-4o'],
    ])('picks for taskType %j', async (taskType, echoed, id) => {
      const response = await caller().post('/api/ai/models/select', taskType ? { taskType } : {});
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ model: { id, provider: 'openrouter' }, taskType: echoed, timestamp: expect.any(String) });
    });

    it('answers 400 for a task type it does not know', async () => {
      const response = await caller().post('/api/ai/models/select', { taskType: 'poetry' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'taskType must be one of general, reasoning, coding, fast, creative' });
    });

    it('needs the bearer key', async () => {
      expect((await anonymous().post('/api/ai/models/select', {})).status).toBe(401);
    });
  });

  describe('POST /api/ai/estimate-cost', () => {
    it('prices tokens from the catalogue, in USD', async () => {
      const response = await caller({ 'x-user-plan': 'solo' }).post('/api/ai/estimate-cost', { model: 'anthropic/claude-sonnet-4-5', inputTokens: 1000, outputTokens: 500 });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        model: 'anthropic/claude-sonnet-4-5', inputTokens: 1000, outputTokens: 500, estimatedCost: 0.0105, currency: 'USD', timestamp: expect.any(String),
      });
    });

    it.each([[{ model: 'openai/gpt-4o' }], [{ inputTokens: 1, outputTokens: 1 }], [{ model: 'openai/gpt-4o', inputTokens: 'many', outputTokens: 1 }]])(
      'answers 400 for %j', async (body) => {
        const response = await caller({ 'x-user-plan': 'solo' }).post('/api/ai/estimate-cost', body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: 'model, inputTokens and outputTokens are required' });
      },
    );

    it('answers 400 for a model missing from the catalogue', async () => {
      const response = await caller({ 'x-user-plan': 'solo' }).post('/api/ai/estimate-cost', { model: 'acme/x', inputTokens: 1, outputTokens: 1 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Unknown model' });
    });

    it('answers 402 PLAN_REQUIRED without a plan', async () => {
      const response = await caller().post('/api/ai/estimate-cost', { model: 'openai/gpt-4o', inputTokens: 1, outputTokens: 1 });
      expect(response.status).toBe(402);
      expect(response.body.code).toBe('PLAN_REQUIRED');
    });
  });

  describe('GET /api/ai/health and the provider breakers', () => {
    const chatSonnet = () => caller({ 'x-user-plan': 'network', 'x-billing-subscription-id': 'sub' })
      .post('/api/ai/chat', { messages: [{ role: 'user', content: 'hi' }], model: 'anthropic/claude-sonnet-4-5' });
    const anthropicCalls = async () => (await llm.calls()).filter((call) => call.vendor === 'anthropic').length;

    afterAll(async () => {
      await llm.reset();
    });

    it('is healthy with every provider available', async () => {
      const response = await anonymous().get('/api/ai/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'healthy', providers: { openrouter: true, anthropic: true, openai: true }, timestamp: expect.any(String) });
    });

    it('opens a failing provider\'s breaker: it is skipped, listed unavailable, and health is degraded', async () => {
      await llm.control('claude-sonnet-4-5', { status: 500 });
      await llm.control('claude-haiku-4-5', { status: 500 });
      for (let call = 0; call < 2; call += 1) {
        const response = await chatSonnet();
        expect(response.body.provider).toBe('openrouter');
      }
      const before = await anthropicCalls();

      const skipped = await chatSonnet();

      expect(skipped.status).toBe(200);
      expect(skipped.body).toMatchObject({ model: 'meta-llama/llama-3.3-70b-instruct', provider: 'openrouter' });
      expect(await anthropicCalls()).toBe(before);
      const health = await anonymous().get('/api/ai/health');
      expect(health.body).toMatchObject({ status: 'degraded', providers: { openrouter: true, anthropic: false, openai: true } });
      const models = await anonymous().get('/api/ai/models/anthropic');
      expect(models.body.models.map((model: { available: boolean }) => model.available)).toEqual([false, false, false]);
    });

    it('tries the provider again after AI_BREAKER_RESET_MS and closes the breaker when it answers', async () => {
      await llm.reset();
      await new Promise((resolve) => setTimeout(resolve, BREAKER_RESET_MS + 100));

      const response = await chatSonnet();

      expect(response.body).toMatchObject({ model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic' });
      const health = await anonymous().get('/api/ai/health');
      expect(health.body).toMatchObject({ status: 'healthy', providers: { anthropic: true } });
    });
  });

  describe('with no provider configured', () => {
    const KEYS = ['OPENROUTER_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY'];

    beforeAll(async () => {
      for (const key of KEYS) platform.env[key] = '';
      await platform.restartService('ai-gateway');
    });

    afterAll(async () => {
      for (const key of KEYS) delete platform.env[key];
      await platform.restartService('ai-gateway');
    });

    it('answers health with 503 and status error', async () => {
      const response = await anonymous().get('/api/ai/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'error', error: 'No AI provider available' });
    });

    it('lists every model as unavailable', async () => {
      const response = await anonymous().get('/api/ai/models');
      expect(response.body.models.every((model: { available: boolean }) => !model.available)).toBe(true);
    });

    it('answers 404 No models available to select and to chat', async () => {
      const select = await caller().post('/api/ai/models/select', {});
      expect(select.status).toBe(404);
      expect(select.body).toEqual({ error: 'No models available' });
      const chat = await caller({ 'x-user-plan': 'network', 'x-billing-subscription-id': 'sub' })
        .post('/api/ai/chat', { messages: [{ role: 'user', content: 'hi' }] });
      expect(chat.status).toBe(404);
      expect(chat.body).toEqual({ error: 'No models available' });
    });
  });
});
