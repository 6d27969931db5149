import { randomUUID } from 'node:crypto';
import { BUS_MESSAGES, MODEL_CATALOGUE, RUNTIME_PATHS } from '@platform/contracts';
import {
  BEARER, busAgent, busMessage, callRuntime, LlmSandbox, ownerQuery, runtimeBusEntries as busEntries, runtimeOf, signedBy, subscribedUser,
  TestPlatform, waitForStatus, waitUntil, type BusAgent, type TestUser,
} from '@platform/testing';
import { replyMessageId } from './bus-replier.js';

/** Every model as a vendor receives it (the catalogue id at the aggregator, the bare name at a direct vendor), to steer whichever the AI layer tries. */
const CHAT_MODELS = MODEL_CATALOGUE.flatMap((model) => [model.id, model.id.split('/')[1]!]);

/**
 * An agent's runtime on the real bus: it sends as its agent through the bus, and answers what asks
 * for an answer through the AI layer, the bus signing with its wallet.
 */
describe('bus messages between agent runtimes', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let sender: BusAgent;
  let recipient: BusAgent;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['billing', 'ai-gateway', 'usage', 'agents', 'wallet', 'bus'],
      env: { USAGE_BATCH_MAX_WAIT_MS: '50', BUS_DELIVERY_BACKOFF_MS: '200' },
    });
    owner = await subscribedUser(platform);
    sender = await busAgent(platform, owner, 'Sender');
    recipient = await busAgent(platform, owner, 'Recipient');
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  const send = (agent: BusAgent, body: Record<string, unknown>) => callRuntime(agent, RUNTIME_PATHS.busSend, body);
  const hello = (payload: Record<string, unknown>) => ({ action: 'HELLO', to: recipient.agentId, payload: JSON.stringify(payload) });
  const replyTo = async (agent: BusAgent, messageId: string) => waitUntil(
    `a reply to ${messageId} in ${agent.agentId}'s history`,
    () => busEntries(agent),
    (entries) => entries.some((entry) => entry.bus.replyTo === messageId),
    20_000,
  ).then((entries) => entries.find((entry) => entry.bus.replyTo === messageId)!);
  const view = (messageId: string) => busMessage(platform, messageId);

  describe('POST /bus/send', () => {
    it('is 401 without the gateway token', async () => {
      expect(await callRuntime({ ...sender, gatewayToken: 'not-the-token-at-all' }, RUNTIME_PATHS.busSend, hello({}))).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    });

    it('is 400 for a body the bus would refuse', async () => {
      expect(await send(sender, { ...hello({}), action: 'hello' })).toEqual({ status: 400, body: { error: 'action is required' } });
    });

    it('sends through the bus, signed by the agent wallet, and keeps it in the sender history', async () => {
      const sent = await send(sender, hello({ text: 'hi' }));
      expect(sent).toEqual({ status: 200, body: { success: true, messageId: expect.any(String) } });
      const { message } = await view(sent.body.messageId);
      expect(message).toMatchObject({ action: 'HELLO', from: sender.agentId, to: recipient.agentId, payload: '{"text":"hi"}' });
      expect(await signedBy(message, sender.address)).toBe(true);
      expect(await busEntries(sender)).toContainEqual(expect.objectContaining({
        role: 'assistant', content: '{"text":"hi"}', bus: { messageId: sent.body.messageId, action: 'HELLO', from: sender.agentId, to: recipient.agentId },
      }));
    });

    it('passes the bus refusal on and keeps nothing', async () => {
      const messageId = randomUUID();
      expect(await send(sender, { ...hello({}), to: randomUUID(), messageId })).toEqual({ status: 404, body: { error: BUS_MESSAGES.recipientNotFound } });
      expect((await busEntries(sender)).map((entry) => entry.bus.messageId)).not.toContain(messageId);
    });
  });

  describe('replies', () => {
    it('answers replyRequested with a REPLY composed through the AI layer, signed by its own wallet, delivered to the sender', async () => {
      const asked = (await send(sender, hello({ text: 'Are you there?', replyRequested: true }))).body.messageId as string;
      const reply = await replyTo(sender, asked);
      expect(reply).toEqual({
        role: 'user',
        content: expect.any(String),
        at: expect.any(String),
        bus: { messageId: replyMessageId(recipient.agentId, asked), action: 'REPLY', from: recipient.agentId, to: sender.agentId, replyTo: asked },
      });
      expect(JSON.parse(reply.content)).toEqual({ message: expect.stringContaining('Are you there?') });
      expect(await busEntries(recipient)).toContainEqual(expect.objectContaining({ role: 'assistant', bus: reply.bus, content: reply.content }));
      // The sender's runtime keeps the reply before the bus records its delivery.
      const { message, deliveries } = await waitUntil('the reply recorded as delivered', () => view(reply.bus.messageId),
        (found) => found.deliveries.every((delivery) => delivery.status !== 'queued'));
      expect(deliveries).toEqual([expect.objectContaining({ recipientAgentId: sender.agentId, status: 'delivered', attempts: 1 })]);
      expect(await signedBy(message, recipient.address)).toBe(true);
    });

    it('bills the model call of a reply to the owner, for the replying agent', async () => {
      const rows = await waitUntil(
        'the reply chat in usage',
        () => ownerQuery<{ user_id: string; endpoint: string }>(platform.env, 'SELECT user_id, endpoint FROM usage.usage_logs WHERE agent_id = $1', [recipient.agentId]),
        (found) => found.length > 0,
      );
      expect(rows).toEqual([{ user_id: owner.id, endpoint: '/api/ai/chat' }]);
    });

    it('does not answer a message that does not ask, nor a reply', async () => {
      const unasked = (await send(sender, hello({ text: 'no answer needed' }))).body.messageId as string;
      const asked = (await send(sender, hello({ text: 'answer this one', replyRequested: true }))).body.messageId as string;
      await replyTo(sender, asked);
      // Replies leave in arrival order: one owed to the first message would be there by now.
      const replies = (await busEntries(recipient)).filter((entry) => entry.role === 'assistant').map((entry) => entry.bus.replyTo);
      expect(replies).not.toContain(unasked);
      expect((await busEntries(sender)).filter((entry) => entry.role === 'assistant' && entry.bus.action === 'REPLY')).toEqual([]);
    });

    it('tries a reply again while the bus is down, and it lands when the bus is back', async () => {
      await platform.stopService('bus');
      const messageId = randomUUID();
      try {
        // The bus is down, so the message comes the way the bus would deliver it, straight to the runtime.
        const delivered = await callRuntime(recipient, RUNTIME_PATHS.busMessages, {
          messageId, action: 'HELLO', from: sender.agentId, to: recipient.agentId, payload: JSON.stringify({ replyRequested: true }),
          timestamp: Math.floor(Date.now() / 1000), signature: '0x00',
        });
        expect(delivered).toEqual({ status: 200, body: { received: true, messageId, duplicate: false } });
        await new Promise((resolve) => setTimeout(resolve, 1500));
      } finally {
        await platform.startService('bus');
      }
      expect((await replyTo(sender, messageId)).bus).toMatchObject({ action: 'REPLY', from: recipient.agentId });
      expect((await callRuntime(recipient, RUNTIME_PATHS.healthz)).status).toBe(200);
    });

    it('drops a reply the AI layer refuses, counts the error, and goes on with the next', async () => {
      const llm = new LlmSandbox(platform.sandbox.url);
      const before = (await callRuntime(recipient, RUNTIME_PATHS.stats)).body.aiErrors as number;
      for (const model of CHAT_MODELS) await llm.control(model, { status: 500 });
      let refused: string;
      try {
        refused = (await send(sender, hello({ text: 'refused', replyRequested: true }))).body.messageId as string;
        await waitUntil('the AI error counted', async () => (await callRuntime(recipient, RUNTIME_PATHS.stats)).body.aiErrors as number, (count) => count > before, 20_000);
      } finally {
        await llm.reset();
      }
      const next = (await send(sender, hello({ text: 'after', replyRequested: true }))).body.messageId as string;
      await replyTo(sender, next);
      expect((await busEntries(sender)).map((entry) => entry.bus.replyTo)).not.toContain(refused);
    });

    it('replies after a restart to a message it had taken but not answered', async () => {
      const llm = new LlmSandbox(platform.sandbox.url);
      for (const model of CHAT_MODELS) await llm.control(model, { latencyMs: 3000 });
      let asked: string;
      try {
        asked = (await send(sender, hello({ text: 'slow', replyRequested: true }))).body.messageId as string;
        await waitUntil('the message in the recipient history', () => busEntries(recipient), (entries) => entries.some((entry) => entry.bus.messageId === asked));
        expect(await platform.backend().post(`/api/agents/${recipient.agentId}/restart`, {}, BEARER)).toMatchObject({ status: 200 });
        await waitForStatus(platform.backend(), recipient.agentId, 'running');
      } finally {
        await llm.reset();
      }
      Object.assign(recipient, await runtimeOf(platform, recipient.agentId));
      expect((await replyTo(sender, asked)).bus).toMatchObject({ action: 'REPLY', from: recipient.agentId });
      expect((await busEntries(recipient)).filter((entry) => entry.bus.replyTo === asked)).toHaveLength(1);
    });
  });
});
