import { RUNTIME_PATHS } from '@platform/contracts';
import { provisionRunning, runtimeOf, subscribedUser, TestPlatform, waitForStatus, type TestUser } from '@platform/testing';

/** The runtime's bus webhook, as the bus calls it: the agent's gateway token, an AgentMessageDto. */
describe('POST /bus/messages on an agent runtime', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let agentId: string;
  let runtimeUrl: string;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'] });
    owner = await subscribedUser(platform);
    agentId = await provisionRunning(platform, owner);
    ({ runtimeUrl, gatewayToken: token } = await runtimeOf(platform, agentId));
  });

  afterAll(async () => {
    await platform?.close();
  });

  const message = (overrides: Record<string, unknown> = {}) => ({
    messageId: `m-${Date.now()}-${(sequence += 1)}`,
    action: 'HELLO',
    from: 'sender-agent',
    to: agentId,
    payload: JSON.stringify({ text: 'hi' }),
    timestamp: Math.floor(Date.now() / 1000),
    signature: '0xabcdef',
    ...overrides,
  });

  const deliver = async (body: unknown, authorization = `Bearer ${token}`) => {
    const response = await fetch(`${runtimeUrl}${RUNTIME_PATHS.busMessages}`, {
      method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  const busHistory = async () => {
    const { messages } = (await owner.client.get(`/api/agents/${agentId}/messages`)).body as { messages: Array<{ bus?: { messageId: string } }> };
    return messages.filter((entry) => entry.bus);
  };

  it('is 401 without the gateway token, and stores nothing', async () => {
    const refused = message();
    expect(await deliver(refused, 'Bearer not-the-token-at-all')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect((await busHistory()).map((entry) => entry.bus!.messageId)).not.toContain(refused.messageId);
  });

  it.each([
    ['no messageId', { messageId: undefined }, 'messageId is required'],
    ['a lower-case action', { action: 'hello' }, 'action is required'],
    ['a payload that is not a string', { payload: { text: 'hi' } }, 'payload must be JSON text of at most 64 KB'],
    ['a payload that is not JSON', { payload: 'not json' }, 'payload must be JSON text of at most 64 KB'],
    ['a timestamp that is not Unix seconds', { timestamp: 'now' }, 'timestamp must be Unix seconds'],
    ['no signature', { signature: undefined }, 'signature is required'],
  ])('is 400 for %s', async (_case, overrides, error) => {
    expect(await deliver(message(overrides))).toEqual({ status: 400, body: { error } });
  });

  it('answers 200 with a receipt and keeps the message in the history the owner reads, marked as a bus message', async () => {
    const sent = message({ replyTo: 'earlier-1' });
    expect(await deliver(sent)).toEqual({ status: 200, body: { received: true, messageId: sent.messageId, duplicate: false } });
    expect((await owner.client.get(`/api/agents/${agentId}/messages`)).body.messages).toContainEqual({
      role: 'user',
      content: sent.payload,
      at: expect.any(String),
      bus: { messageId: sent.messageId, action: 'HELLO', from: 'sender-agent', to: agentId, replyTo: 'earlier-1' },
    });
  });

  it('keeps a redelivered messageId once and answers it as a duplicate', async () => {
    const sent = message();
    expect((await deliver(sent)).body.duplicate).toBe(false);
    expect(await deliver({ ...sent, payload: JSON.stringify({ text: 'changed' }) })).toEqual({
      status: 200, body: { received: true, messageId: sent.messageId, duplicate: true },
    });
    const kept = (await busHistory()).filter((entry) => entry.bus!.messageId === sent.messageId);
    expect(kept).toEqual([expect.objectContaining({ content: sent.payload })]);
  });

  it('takes exactly one of 20 concurrent deliveries of one message', async () => {
    const sent = message();
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(sent)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => !answer.body.duplicate)).toHaveLength(1);
    expect((await busHistory()).filter((entry) => entry.bus!.messageId === sent.messageId)).toHaveLength(1);
  });

  it('still knows a delivered messageId after the runtime restarts', async () => {
    const sent = message();
    await deliver(sent);
    expect(await owner.client.post(`/api/agents/${agentId}/restart`)).toMatchObject({ status: 200 });
    await waitForStatus(platform.backend(), agentId, 'running');
    ({ runtimeUrl } = await runtimeOf(platform, agentId));
    expect((await deliver(sent)).body).toEqual({ received: true, messageId: sent.messageId, duplicate: true });
  });
});
