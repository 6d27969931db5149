import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { QUEUES, SUBJECTS } from '@platform/contracts';
import { postEventStream, queuedJobs, TEST_INTERNAL_API_KEY, TestClient, useAiPlatform, waitFor } from '@platform/testing';

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
