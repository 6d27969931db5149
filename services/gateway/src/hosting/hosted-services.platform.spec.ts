import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { QUEUES, SESSION_COOKIE, SUBJECTS } from '@platform/contracts';
import { postEventStream, queuedJobs, TEST_INTERNAL_API_KEY, TestClient, TestPlatform, useAiPlatform, waitFor } from '@platform/testing';

const hello = { messages: [{ role: 'user', content: 'Hello there' }], model: 'openai/gpt-4o-mini' };
const ANSWER = 'gpt-4o-mini reply: Hello there';

describe('a gateway hosting ai-gateway (GATEWAY_HOSTS=ai-gateway)', () => {
  // No ai-gateway process of its own: the gateway's is the only one.
  const ai = useAiPlatform({ services: [], env: { GATEWAY_HOSTS: 'ai-gateway' } });
  let spy: NatsConnection;
  /** Chat requests that crossed NATS: none should, the gateway answers them in its own process. */
  let chatsOverNats = 0;

  beforeAll(async () => {
    spy = await connect({ servers: ai.platform.env.NATS_URL! });
    spy.subscribe(`${ai.platform.env.NATS_PREFIX}${SUBJECTS.ai.chat}`, { callback: () => { chatsOverNats += 1; } });
    await spy.flush();
  });

  afterAll(async () => {
    await spy?.close();
  });

  const subscriber = (userId = `user-${randomUUID()}`) => new TestClient(ai.platform.backendUrl, {
    authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_123', 'x-user-id': userId,
  });

  it('answers POST /api/ai/chat, queues its usage event, and sends the chat over no NATS subject', async () => {
    const userId = `user-${randomUUID()}`;
    const response = await subscriber(userId).post('/api/ai/chat', hello);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ model: 'openai/gpt-4o-mini', message: { role: 'assistant', content: ANSWER }, usage: { total_tokens: 14 } });
    const usage = () => queuedJobs(ai.platform.env, QUEUES.usageLog).then((jobs) => jobs.filter((job) => job.data.userId === userId));
    expect(await waitFor(usage, (jobs) => jobs.length > 0)).toEqual([expect.objectContaining({ data: expect.objectContaining({ inputTokens: 5, outputTokens: 9 }) })]);
    await spy.flush();
    expect(chatsOverNats).toBe(0);
  });

  it('refuses as the separate service does: 402 without a subscription', async () => {
    const response = await new TestClient(ai.platform.backendUrl, { authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-user-plan': 'solo' }).post('/api/ai/chat', hello);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ success: false, code: 'SUBSCRIPTION_REQUIRED', error: 'An active subscription is required' });
  });

  it('streams an answer, its chunks handed from the producer to the relay in the process', async () => {
    const events = await (await postEventStream(subscriber(), '/api/ai/chat', { ...hello, stream: true })).rest();
    const text = events.filter((event) => event !== '[DONE]' && event.choices?.length).map((event) => event.choices[0].delta.content ?? '').join('');
    expect(text).toBe(ANSWER);
    expect(events.at(-1)).toBe('[DONE]');
  });

  it('aborts the vendor call when the client hangs up mid-stream', async () => {
    await ai.llm.control('gpt-4o-mini', { holdAfterChunks: 3 });
    const opened = await postEventStream(subscriber(), '/api/ai/chat', { ...hello, stream: true });
    for (let read = 0; read < 3; read += 1) await opened.next();
    await opened.cancel();
    const [call] = await waitFor(() => ai.llm.calls(), (calls) => calls[0]?.aborted === true);
    expect(call).toMatchObject({ model: 'gpt-4o-mini', stream: true, aborted: true });
  });
});

describe('a gateway hosting identity (GATEWAY_HOSTS=identity)', () => {
  let platform: TestPlatform;
  let spy: NatsConnection;
  /** Identity requests that crossed NATS: none of the gateway's should, it answers them in its own process. */
  const overNats: string[] = [];

  beforeAll(async () => {
    platform = await TestPlatform.start({ env: { GATEWAY_HOSTS: 'identity' } });
    spy = await connect({ servers: platform.env.NATS_URL! });
    for (const subject of [SUBJECTS.identity.listKeys, SUBJECTS.identity.session, SUBJECTS.identity.resolveSession]) {
      spy.subscribe(`${platform.env.NATS_PREFIX}${subject}`, { callback: () => { overNats.push(subject); } });
    }
    await spy.flush();
  });

  afterAll(async () => {
    await spy?.close();
    await platform?.close();
  });

  it('signs a user in, answers the session view and GET /api/keys, and sends none of them over NATS', async () => {
    const user = await platform.newUser();
    expect((await user.client.post('/api/keys', { name: 'hosted' })).status).toBe(201);
    overNats.length = 0;

    const session = await user.client.get('/api/auth/session');
    const keys = await user.client.get('/api/keys');

    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: user.id });
    expect(keys.status).toBe(200);
    expect(keys.body.keys).toEqual([expect.objectContaining({ name: 'hosted' })]);
    await spy.flush();
    expect(overNats).toEqual([]);
  });

  it('refuses a made-up session cookie as the separate service does', async () => {
    const response = await platform.web().get('/api/keys', { cookie: `${SESSION_COOKIE}=${'x'.repeat(64)}` });
    expect(response.status).toBe(401);
  });
});
