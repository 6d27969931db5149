import { randomUUID } from 'node:crypto';
import { RUNTIME_PATHS } from '@platform/contracts';
import {
  busAgent, busEntries, busMessage, callRuntime, ownerQuery, signedBy, subscribedUser, TestPlatform, waitUntil, type BusAgent, type TestUser,
} from '@platform/testing';

/**
 * Issue 13's end to end: two real agents of one user, each with a wallet, negotiate a booking over
 * the bus; the provider's runtime offers through the AI layer and the requester's accepts.
 */
describe('a booking negotiated by two agents over the bus', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let requester: BusAgent;
  let provider: BusAgent;
  const bookingId = `booking-${randomUUID()}`;
  const terms = { date: '2026-12-31', time: '22:00', venue: 'Warehouse 9', currency: 'USDC' };

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage', 'agents', 'wallet', 'bus'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    owner = await subscribedUser(platform);
    requester = await busAgent(platform, owner, 'Requester');
    provider = await busAgent(platform, owner, 'Provider');
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  const history = async (agent: BusAgent) => busEntries((await owner.client.get(`/api/agents/${agent.agentId}/messages`)).body);

  it('runs request, offer, accept: every move signed by its sender, delivered once, and in both histories', async () => {
    const request = await callRuntime(requester, RUNTIME_PATHS.busSend, {
      action: 'BOOKING_REQUEST', to: provider.agentId, payload: JSON.stringify({ bookingId, ...terms, budget: '500' }),
    });
    expect(request).toEqual({ status: 200, body: { success: true, messageId: expect.any(String) } });

    const requesterHistory = await waitUntil(
      'the accept in the requester history',
      () => history(requester),
      (entries) => entries.some((entry) => entry.bus.action === 'BOOKING_ACCEPT'),
      30_000,
    );
    const [sentRequest, offer, accept] = requesterHistory;
    expect(requesterHistory.map((entry) => [entry.role, entry.bus.action])).toEqual([
      ['assistant', 'BOOKING_REQUEST'], ['user', 'BOOKING_OFFER'], ['assistant', 'BOOKING_ACCEPT'],
    ]);
    expect(sentRequest!.bus).toEqual({ messageId: request.body.messageId, action: 'BOOKING_REQUEST', from: requester.agentId, to: provider.agentId });
    expect(offer!.bus).toMatchObject({ from: provider.agentId, to: requester.agentId, replyTo: request.body.messageId });
    expect(accept!.bus).toMatchObject({ from: requester.agentId, to: provider.agentId, replyTo: offer!.bus.messageId });
    expect(JSON.parse(offer!.content)).toEqual({ bookingId, ...terms, price: '500', message: expect.stringContaining('BOOKING_OFFER') });
    expect(JSON.parse(accept!.content)).toEqual({ bookingId, ...terms, price: '500', message: expect.stringContaining('BOOKING_ACCEPT') });

    const providerHistory = await waitUntil(
      'the accept in the provider history',
      () => history(provider),
      (entries) => entries.length === 3,
    );
    expect(providerHistory.map((entry) => ({ role: entry.role, bus: entry.bus, content: entry.content }))).toEqual([
      { role: 'user', bus: sentRequest!.bus, content: sentRequest!.content },
      { role: 'assistant', bus: offer!.bus, content: offer!.content },
      { role: 'user', bus: accept!.bus, content: accept!.content },
    ]);

    for (const [entry, sender, recipient] of [[sentRequest!, requester, provider], [offer!, provider, requester], [accept!, requester, provider]] as const) {
      const { message, deliveries } = await busMessage(platform, entry.bus.messageId);
      expect(message).toMatchObject({ ...entry.bus, payload: entry.content });
      expect(await signedBy(message, sender.address)).toBe(true);
      expect(deliveries).toEqual([expect.objectContaining({ recipientAgentId: recipient.agentId, status: 'delivered', attempts: 1 })]);
    }
  });

  it('bills the offer and the accept to the owner, one model call for each agent', async () => {
    const rows = await waitUntil(
      'both replies in usage',
      () => ownerQuery<{ agent_id: string; user_id: string }>(platform.env, 'SELECT agent_id, user_id FROM usage.usage_logs WHERE user_id = $1 ORDER BY agent_id', [owner.id]),
      (found) => found.length === 2,
    );
    expect(rows).toEqual([provider.agentId, requester.agentId].sort().map((agentId) => ({ agent_id: agentId, user_id: owner.id })));
  });
});
