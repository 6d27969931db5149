import { AI_MESSAGES, PLAN_MODELS } from '@platform/contracts';
import { ownerQuery, postEventStream, TestPlatform, waitFor, type TestUser } from '@platform/testing';

const hello = { messages: [{ role: 'user', content: 'Hello there' }] };

/** The dashboard's chat: the signed-in user, judged by billing as on /api/ai/chat. */
describe('POST /api/chat', () => {
  let platform: TestPlatform;

  const subscriber = async (plan: 'label' | 'solo'): Promise<TestUser> => {
    const user = await platform.newUser();
    await platform.setPlan(user, plan);
    return user;
  };
  const usageRows = (userId: string) => ownerQuery<{ agent_id: string; endpoint: string; model: string; api_key_id: string | null }>(
    platform.env, 'SELECT agent_id, endpoint, model, api_key_id FROM usage.usage_logs WHERE user_id = $1', [userId]);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'usage', 'ai-gateway'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('answers like /api/ai/chat for a signed-in subscriber', async () => {
    const user = await subscriber('solo');

    const response = await user.client.post('/api/chat', { ...hello, model: 'openai/gpt-4o-mini' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String),
      model: 'openai/gpt-4o-mini',
      provider: 'openai',
      message: { role: 'assistant', content: expect.stringContaining('Hello there') },
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      timestamp: expect.any(String),
    });
  });

  it('records the usage under the web chat, without a key', async () => {
    const user = await subscriber('solo');
    expect((await user.client.post('/api/chat', { ...hello, model: 'openai/gpt-4o-mini' })).status).toBe(200);

    const rows = await waitFor(() => usageRows(user.id), (found) => found.length === 1);

    expect(rows).toEqual([{ agent_id: 'web-chat', endpoint: '/api/chat', model: 'openai/gpt-4o-mini', api_key_id: null }]);
  });

  it('holds a chat opened by a user key to that key\'s spend cap, in the platform\'s error shape', async () => {
    const user = await subscriber('solo');
    const made = await user.client.post('/api/keys', { name: 'capped', monthlySpendCap: 0 });

    const response = await platform.web().post('/api/chat', hello, { authorization: `Bearer ${made.body.key}` });

    expect(response.status).toBe(429);
    expect(response.body).toEqual({ code: 'SPEND_CAP_REACHED', error: AI_MESSAGES.spendCapReached });
  });

  it('answers 401 without a session', async () => {
    const response = await platform.web().post('/api/chat', hello);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized' });
  });

  it('answers 402 PLAN_REQUIRED for a user without a paid plan, whatever the headers claim', async () => {
    const user = await platform.newUser();
    const response = await user.client.post('/api/chat', hello, { 'x-user-plan': 'network', 'x-billing-subscription-id': 'sub_claimed' });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ success: false, code: 'PLAN_REQUIRED', error: AI_MESSAGES.planRequired });
  });

  it('answers 403 MODEL_RESTRICTED for a model outside the plan', async () => {
    const response = await (await subscriber('label')).client.post('/api/chat', { ...hello, model: 'openai/gpt-4o' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'MODEL_RESTRICTED', allowedModels: [...(PLAN_MODELS.label as string[])] });
  });

  it('streams chat.completion.chunk events when asked, then [DONE]', async () => {
    const opened = await postEventStream((await subscriber('solo')).client, '/api/chat', { ...hello, model: 'openai/gpt-4o-mini', stream: true });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('text/event-stream');
    const events = await opened.rest();
    expect(events.slice(0, -1).map((event) => event.object)).toEqual(events.slice(0, -1).map(() => 'chat.completion.chunk'));
    expect(events.slice(0, -1).map((event) => event.choices[0]?.delta.content ?? '').join('')).toContain('Hello');
    expect(events.at(-1)).toBe('[DONE]');
  });

  it('answers the 61st request of a minute from one address with 429', async () => {
    const client = platform.web();
    const statuses = [];
    for (let index = 0; index < 61; index += 1) statuses.push((await client.post('/api/chat', hello)).status);

    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
  });
});
