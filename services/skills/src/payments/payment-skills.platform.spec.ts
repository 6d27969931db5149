import { randomUUID } from 'node:crypto';
import { escrowShortReason, ESCROW_MESSAGES, SKILL_MESSAGES as M } from '@platform/contracts';
import {
  baseChain, BEARER, fundUsdc, newAddress, newAgentWallet, ownerQuery, recordedAgent, settledSplit, subscribedUser, TestPlatform, USDC_ADDRESS, usdcOf,
  type AgentWallet, type TestUser,
} from '@platform/testing';
import { formatUnits, parseUnits, type Address, type PublicClient } from 'viem';
import { baseSepolia } from 'viem/chains';

let platform: TestPlatform;
let chain: PublicClient;
let promoter: TestUser;
let artist: TestUser;
/** The promoter's agent asks for bookings and pays; the artist's provides and is paid. */
let requester: AgentWallet;
let provider: AgentWallet;

const usdc = (text: string) => parseUnits(text, 6);

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['billing', 'agents', 'wallet', 'bus', 'skills'] });
  chain = baseChain(platform);
  [promoter, artist] = await Promise.all([subscribedUser(platform), subscribedUser(platform)]);
  requester = await newAgentWallet(platform, promoter.id, await recordedAgent(platform, promoter, 'Promoter'));
  provider = await newAgentWallet(platform, artist.id, await recordedAgent(platform, artist, 'Artist'));
  await fundUsdc(platform, requester.address, '400');
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

/** One negotiation move on the bus, sent as the agent (the bus stamps it, the wallet service signs it). */
async function move(from: string, to: string, action: string, bookingId: string): Promise<void> {
  const response = await platform.backend().post(`/api/underground/bus/agents/${from}/send`, { action, to, payload: JSON.stringify({ bookingId }) }, BEARER);
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${JSON.stringify(response.body)}`);
}

/** A booking the requester asked for, and unless told otherwise the provider offered and the requester accepted. */
async function booking(upTo: 'requested' | 'accepted' = 'accepted'): Promise<string> {
  const bookingId = `booking-${randomUUID()}`;
  await move(requester.agentId, provider.agentId, 'BOOKING_REQUEST', bookingId);
  if (upTo === 'accepted') {
    await move(provider.agentId, requester.agentId, 'BOOKING_OFFER', bookingId);
    await move(requester.agentId, provider.agentId, 'BOOKING_ACCEPT', bookingId);
  }
  return bookingId;
}

const settlement = (body: Record<string, unknown>, by: TestUser = promoter) => by.client.post('/api/skills/booking-settlement', body);
const split = (body: Record<string, unknown>, by: TestUser = promoter) => by.client.post('/api/skills/instant-split', body);

describe('booking-settlement: escrow on the local chain', () => {
  let bookingId: string;
  let escrowAddress: Address;

  it('create_escrow holds the amount in an escrow wallet: the exact USDC moves from the requesting agent\'s wallet', async () => {
    bookingId = await booking();
    const before = await usdcOf(chain, requester.address);

    const response = await settlement({ action: 'create_escrow', bookingId, amount: '250.5' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      booking: { bookingId, requesterAgentId: requester.agentId, providerAgentId: provider.agentId, state: 'accepted', updatedAt: expect.any(String) },
      escrow: {
        bookingId, status: 'held', amount: '250.5', payerAgentId: requester.agentId, payerAddress: requester.address, escrowAddress: expect.any(String),
        payeeAgentId: provider.agentId, payeeAddress: provider.address, holdTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), releaseTxHash: null,
        reason: null, createdAt: expect.any(String),
      },
    });
    escrowAddress = response.body.escrow.escrowAddress;
    expect(await usdcOf(chain, requester.address)).toBe(before - usdc('250.5'));
    expect(await usdcOf(chain, escrowAddress)).toBe(usdc('250.5'));
  });

  it('get answers the negotiation and the escrow; list answers the caller\'s escrows', async () => {
    expect((await settlement({ action: 'get', bookingId })).body).toMatchObject({ success: true, booking: { state: 'accepted' }, escrow: { status: 'held' } });
    const list = (await settlement({ action: 'list' })).body;
    expect(list).toMatchObject({ success: true, count: 1, escrows: [{ bookingId, status: 'held' }] });
    expect((await settlement({ action: 'list' }, artist)).body).toEqual({ success: true, escrows: [], count: 0 });
  });

  it('returns 409 for a second escrow of the booking, and moves nothing', async () => {
    const before = await usdcOf(chain, requester.address);

    expect(await settlement({ action: 'create_escrow', bookingId, amount: '1' })).toMatchObject({ status: 409, body: { error: ESCROW_MESSAGES.exists } });
    expect(await usdcOf(chain, requester.address)).toBe(before);
  });

  it('release_funds pays the escrow to the providing agent\'s wallet: exactly the amount, and asked again, nothing more', async () => {
    const before = await usdcOf(chain, provider.address);

    const response = await settlement({ action: 'release_funds', bookingId });

    expect(response).toMatchObject({ status: 200, body: { success: true, escrow: { status: 'released', releaseTxHash: expect.stringMatching(/^0x/) } } });
    expect(await usdcOf(chain, provider.address)).toBe(before + usdc('250.5'));
    expect(await usdcOf(chain, escrowAddress)).toBe(0n);
    expect((await settlement({ action: 'release_funds', bookingId })).body.escrow).toMatchObject({ status: 'released' });
    expect(await usdcOf(chain, provider.address)).toBe(before + usdc('250.5'));
  });

  it('returns 409 when the paying wallet holds less than the amount, and moves nothing', async () => {
    const short = await booking();
    const available = await usdcOf(chain, requester.address);

    expect(await settlement({ action: 'create_escrow', bookingId: short, amount: '10000' })).toMatchObject({
      status: 409, body: { error: escrowShortReason('149.5', '10000') },
    });
    expect(await usdcOf(chain, requester.address)).toBe(available);
  });

  it('returns 409 for a booking not accepted yet', async () => {
    expect(await settlement({ action: 'create_escrow', bookingId: await booking('requested'), amount: '5' })).toMatchObject({
      status: 409, body: { error: M.bookingNotAccepted },
    });
  });

  it('returns 403 when the caller does not own the requesting agent', async () => {
    expect(await settlement({ action: 'create_escrow', bookingId: await booking(), amount: '5' }, artist)).toMatchObject({
      status: 403, body: { error: M.notRequester },
    });
  });

  it('returns 404 for a booking the bus does not know, and for an escrow not the caller\'s', async () => {
    expect(await settlement({ action: 'create_escrow', bookingId: 'nobody-booked-this', amount: '5' })).toMatchObject({ status: 404, body: { error: M.bookingNotFound } });
    expect(await settlement({ action: 'get', bookingId: 'nobody-booked-this' })).toMatchObject({ status: 404, body: { error: M.bookingNotFound } });
    expect(await settlement({ action: 'release_funds', bookingId }, artist)).toMatchObject({ status: 404, body: { error: ESCROW_MESSAGES.notFound } });
  });

  it('simulate_settlement computes the payout from guarantee, backend and deposit, and moves nothing', async () => {
    const response = await settlement({ action: 'simulate_settlement', booking: { guarantee: 500, backend: '120.5', deposit: 200 } });

    expect(response.body).toEqual({
      success: true,
      settlement: {
        guaranteeUsdc: '500', backendUsdc: '120.5', depositUsdc: '200', artistPayoutUsdc: '620.5', balanceDueUsdc: '420.5', refundToPromoterUsdc: '0', moved: false,
      },
    });
    expect((await settlement({ action: 'simulate_settlement', booking: { guarantee: 100, deposit: 150 } })).body.settlement)
      .toMatchObject({ balanceDueUsdc: '0', refundToPromoterUsdc: '50' });
  });

  it.each([
    [{ action: 'create_escrow', amount: '5' }, M.bookingIdRequired],
    [{ action: 'create_escrow', bookingId: 'b-1' }, M.amountRequired],
    [{ action: 'create_escrow', bookingId: 'b-1', amount: '0.0000001' }, M.amountRequired],
    [{ action: 'simulate_settlement' }, M.bookingRequired],
    [{ action: 'simulate_settlement', booking: { guarantee: -1 } }, M.usdcInvalid],
  ])('returns 400 for %j', async (body, error) => {
    expect(await settlement(body)).toMatchObject({ status: 400, body: { error } });
  });
});

describe('instant-split and royalty-tracker: through the wallet\'s splits', () => {
  const [first, second] = [newAddress(), newAddress()];
  const shares = [
    { recipientAddress: first, percentage: 60, role: 'artist', name: 'Ada' },
    { recipientAddress: second, percentage: 40, role: 'producer', name: 'Bo' },
  ];
  let splitId: string;

  it('create_split_rule keeps the rule for the caller\'s agent', async () => {
    const response = await split({ action: 'create_split_rule', agentId: requester.agentId, name: 'Tour', splits: shares, threshold: 5 });

    expect(response.status).toBe(200);
    splitId = response.body.splitId;
    expect(response.body.rule).toEqual({
      splitId, agentId: requester.agentId, name: 'Tour', thresholdUsdc: '5', createdAt: expect.any(String),
      splits: shares.map((share) => ({ ...share, recipientAddress: share.recipientAddress })),
    });
  });

  it('simulate shares streams times rate as the wallet would round it, and moves nothing', async () => {
    const byRule = await split({ action: 'simulate', splitId, streams: 1000, rate: 0.004 });
    expect(byRule.body).toMatchObject({ revenueUsdc: '4', thresholdUsdc: '5', meetsThreshold: false, moved: false });
    expect(byRule.body.payouts.map((payout: { amountUsdc: string }) => payout.amountUsdc)).toEqual(['2.4', '1.6']);

    const inline = await split({ action: 'simulate', splits: shares, streams: 333, rate: '0.01' });
    expect(inline.body).toMatchObject({ revenueUsdc: '3.33', meetsThreshold: true });
    expect(inline.body.payouts.map((payout: { amountUsdc: string }) => payout.amountUsdc)).toEqual(['1.998', '1.332']);
  });

  it('get_balance answers the agent wallet\'s USDC, and what of it a split may take', async () => {
    expect((await split({ action: 'get_balance', splitId })).body).toEqual({
      success: true, agentId: requester.agentId, address: requester.address, balanceUsdc: 149.5, spendableUsdc: '149.5',
    });
  });

  it('execute_split below the threshold moves nothing', async () => {
    expect((await split({ action: 'execute_split', splitId, amount: 3 })).body).toEqual({
      success: true, splitId, amountUsdc: '3', thresholdUsdc: '5', executed: false, walletSplitId: null, status: null,
    });
  });

  it('execute_split pays the rule\'s shares on chain through a wallet split; royalty-tracker totals it', async () => {
    const response = await split({ action: 'execute_split', splitId, amount: '10' });

    expect(response.body).toEqual({ success: true, splitId, amountUsdc: '10', thresholdUsdc: '5', executed: true, walletSplitId: expect.any(Number), status: 'queued' });
    expect((await split({ action: 'list_pending' })).body.rules.map((rule: { splitId: string }) => rule.splitId)).toEqual([splitId]);
    expect((await settledSplit(platform, response.body.walletSplitId)).status).toBe('completed');
    expect([await usdcOf(chain, first), await usdcOf(chain, second)]).toEqual([usdc('6'), usdc('4')]);

    const totals = await promoter.client.post('/api/skills/royalty-tracker', { action: 'total' });
    expect(totals.body).toEqual({
      success: true, agentId: null, totalPaidUsdc: '10', splits: 1,
      byStatus: { queued: { count: 0, amount: '0' }, processing: { count: 0, amount: '0' }, completed: { count: 1, amount: '10' }, failed: { count: 0, amount: '0' } },
      recipients: [{ address: first, paid: '6' }, { address: second, paid: '4' }],
    });
    expect((await split({ action: 'list_pending' })).body).toMatchObject({ pending: [], count: 0 });
  });

  it('royalty-tracker totals only the caller\'s splits, of one agent when asked', async () => {
    expect((await artist.client.post('/api/skills/royalty-tracker', { action: 'total' })).body).toMatchObject({ totalPaidUsdc: '0', splits: 0, recipients: [] });
    expect((await promoter.client.post('/api/skills/royalty-tracker', { action: 'total', agentId: provider.agentId })).body).toMatchObject({ splits: 0 });
  });

  it('execute_split without an amount splits exactly what the wallet counts spendable: its balance less what its recorded transfers will take', async () => {
    const [balance, firstBefore, secondBefore] = [await usdcOf(chain, requester.address), await usdcOf(chain, first), await usdcOf(chain, second)];
    const reserved = usdc('0.5');
    // A transfer recorded but not signed yet holds 0.5 USDC of the wallet; dated ahead, so the transfers' sweep leaves it alone.
    const [{ id }] = await ownerQuery<{ id: string }>(platform.env,
      `INSERT INTO wallet.transfers (user_id, chain_id, token, from_address, to_address, amount, purpose, purpose_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'escrow_hold', $7, now() + interval '1 hour') RETURNING id`,
      [promoter.id, baseSepolia.id, USDC_ADDRESS, requester.address, newAddress(), reserved.toString(), `reserved-${randomUUID()}`]);
    try {
      expect((await split({ action: 'get_balance', splitId })).body).toMatchObject({ balanceUsdc: Number(formatUnits(balance, 6)), spendableUsdc: formatUnits(balance - reserved, 6) });

      const response = await split({ action: 'execute_split', splitId });

      expect(response.body).toMatchObject({ success: true, amountUsdc: formatUnits(balance - reserved, 6), executed: true, status: 'queued' });
      expect((await settledSplit(platform, response.body.walletSplitId)).status).toBe('completed');
      expect((await usdcOf(chain, first)) - firstBefore + (await usdcOf(chain, second)) - secondBefore).toBe(balance - reserved);
      expect(await usdcOf(chain, requester.address)).toBe(reserved);
    } finally {
      await ownerQuery(platform.env, 'DELETE FROM wallet.transfers WHERE id = $1', [id]);
    }
  });

  it.each([
    [{ action: 'create_split_rule', agentId: 'a', splits: [{ ...shares[0], percentage: 50 }, shares[1]] }, M.percentagesSum],
    [{ action: 'create_split_rule', agentId: 'a', splits: [shares[0], { ...shares[1], recipientAddress: first }] }, M.recipientsNotDistinct],
    [{ action: 'create_split_rule', splits: shares }, M.agentIdRequired],
    [{ action: 'execute_split' }, M.splitIdRequired],
    [{ action: 'simulate', splits: shares, rate: 1 }, M.streamsInvalid],
  ])('returns 400 for %j', async (body, error) => {
    expect(await split(body)).toMatchObject({ status: 400, body: { error } });
  });

  it('returns 400 for a rule paying the agent\'s own wallet, which the wallet\'s split would refuse, and keeps no rule', async () => {
    const rules = (await split({ action: 'list_pending' })).body.rules;
    const own = { ...shares[1], recipientAddress: requester.address.toLowerCase() };

    expect(await split({ action: 'create_split_rule', agentId: requester.agentId, splits: [shares[0], own] })).toMatchObject({
      status: 400, body: { error: M.recipientIsAgentWallet },
    });
    expect((await split({ action: 'list_pending' })).body.rules).toEqual(rules);
  });

  it('returns 404 for a rule on another user\'s agent, and for another user\'s rule', async () => {
    expect(await split({ action: 'create_split_rule', agentId: provider.agentId, splits: shares })).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
    expect(await split({ action: 'execute_split', splitId }, artist)).toMatchObject({ status: 404, body: { error: M.splitRuleNotFound } });
  });
});
