import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { usdcOn } from '@platform/chain';
import { ownerQuery, TestPlatform, waitUntil, type TestUser } from '@platform/testing';
import { createPublicClient, erc20Abi, getAddress, http, type Address, type Hex } from 'viem';
import { baseSepolia } from 'viem/chains';

const USDC = usdcOn(baseSepolia.id)!.address as Address;

interface Delivery {
  eventId: string;
  url: string;
  status: number | null;
}

describe('a top-up paid at the processor (extended-services 4.1, 6)', () => {
  let platform: TestPlatform;
  let treasury: { address: Address; privateKey: Hex };
  /** Every body the platform answered in this file: none may carry the treasury's key. */
  const answered: string[] = [];

  const get = async (client: TestUser['client'] | ReturnType<TestPlatform['web']>, path: string) => {
    const response = await client.get(path);
    answered.push(JSON.stringify(response.body));
    return response;
  };
  const usdcOf = (address: Address) => createPublicClient({ chain: baseSepolia, transport: http(platform.env.BASE_RPC_URL!) })
    .readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const topUpRows = (sessionId: string) => ownerQuery(platform.env, 'SELECT * FROM wallet.top_ups WHERE session_id = $1', [sessionId]);
  const transferRows = (sessionId: string) => ownerQuery(platform.env, `SELECT * FROM wallet.transfers WHERE purpose = 'top_up' AND purpose_id = $1`, [sessionId]);
  const confirmed = (sessionId: string) => waitUntil(`top-up ${sessionId} confirmed on chain`, () => transferRows(sessionId),
    (rows) => rows[0]?.status === 'confirmed', 30_000);
  const startWallet = (treasuryKey: string) => platform.startService('wallet', { WALLET_TREASURY_KEY: treasuryKey, LOG_LEVEL: 'debug' });

  /** A user with a session wallet, and a top-up of it paid at the sandbox processor. */
  const paidTopUp = async (amountCents: number) => {
    const user = await platform.newUser();
    const address = getAddress(((await user.client.post('/api/wallet', { action: 'create' })).body as { address: string }).address);
    const checkout = await get(platform.web(), `/api/wallet/top-up?amount=${amountCents}&address=${address}`);
    expect(checkout.status).toBe(200);
    const paid = await platform.payments.complete(checkout.body.url);
    expect(paid.delivered).toBe(200);
    return { user, address, sessionId: checkout.body.sessionId as string, eventId: paid.eventId };
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing'], processes: ['wallet'] });
    treasury = platform.sandbox.chain.treasury;
    // The processor delivers every event to both endpoints, as when both are configured at a real one.
    await platform.payments.addWebhook(`${platform.webUrl}/api/wallet/top-up`);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  it('while no treasury is configured, is recorded and pending; paid on chain once the wallet service has one', async () => {
    await startWallet('');
    const { user, address, sessionId } = await paidTopUp(500);

    const [row] = await waitUntil('top-up recorded', () => topUpRows(sessionId), (rows) => rows.length === 1);
    expect(row).toMatchObject({ wallet_address: address, amount_cents: 500, calls: 5, transfer_id: null });
    expect((await get(user.client, '/api/wallet/transactions')).body.transactions).toEqual([
      expect.objectContaining({ type: 'top_up', status: 'pending', amount: '5', txHash: null, counterparty: null, calls: 5 }),
    ]);

    await platform.stopService('wallet');
    await startWallet(treasury.privateKey);

    const [transfer] = await confirmed(sessionId);
    expect(transfer).toMatchObject({ from_address: treasury.address, to_address: address, amount: '5000000' });
    expect(await usdcOf(address)).toBe(5_000_000n);
  });

  it('credits once when both webhooks fire and each fires twice: one ledger row, one transfer, the amount in USDC, listed', async () => {
    const { user, address, sessionId, eventId } = await paidTopUp(2500);
    expect((await platform.payments.redeliver(eventId)).delivered).toBe(200);

    const [transfer] = await confirmed(sessionId);

    const deliveries = (await (await fetch(`${platform.sandbox.url}/stripe/deliveries`)).json()) as Delivery[];
    const ofEvent = deliveries.filter((delivery) => delivery.eventId === eventId);
    expect(ofEvent.map((delivery) => [delivery.url.replace(platform.webUrl, ''), delivery.status]).sort()).toEqual([
      ['/api/billing/webhook', 200], ['/api/billing/webhook', 200], ['/api/wallet/top-up', 200], ['/api/wallet/top-up', 200],
    ]);
    expect(await topUpRows(sessionId)).toEqual([expect.objectContaining({ amount_cents: 2500, calls: 25, transfer_id: transfer!.id })]);
    expect(await transferRows(sessionId)).toHaveLength(1);
    expect(await usdcOf(address)).toBe(25_000_000n);
    const listed = await get(user.client, '/api/wallet/transactions');
    expect(listed.body).toMatchObject({ address, hasWallet: true, nextCursor: null });
    expect(listed.body.transactions).toEqual([{
      id: `top_up:${sessionId}`, type: 'top_up', direction: 'in', amount: '25', token: 'USDC', counterparty: treasury.address,
      txHash: transfer!.tx_hash, status: 'confirmed', timestamp: expect.any(String), calls: 25,
    }]);
  });

  it('never shows the treasury key in an answer or a log line of the wallet service', () => {
    const key = treasury.privateKey.slice(2).toLowerCase();
    const logs = platform.logs('wallet');

    expect(logs).toContain('"service":"wallet"');
    expect(logs.toLowerCase()).not.toContain(key);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.join('\n').toLowerCase()).not.toContain(key);
  });
});
