import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { usdcOn } from '@platform/chain';
import { EVENTS, type WalletTransactionView } from '@platform/contracts';
import { ownerQuery, RpcForwarder, TestPlatform, waitUntil, type TestUser } from '@platform/testing';
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, parseEther, type Account, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { WalletKeys } from '../keys/wallet-keys.js';

const USDC = usdcOn(baseSepolia.id)!.address as Address;
const stranger = privateKeyToAccount(generatePrivateKey()).address;

describe('GET /api/wallet/transactions', () => {
  let platform: TestPlatform;
  let rpc: RpcForwarder;
  let user: TestUser;
  let address: Address;
  let node: string;
  let treasury: Account;

  const list = (query = '') => user.client.get(`/api/wallet/transactions${query}`);
  const ids = (entries: WalletTransactionView[]) => entries.map((entry) => entry.id);

  /** A USDC transfer signed by `from`, straight to the node, mined before this returns. */
  const sendUsdc = async (from: Account, to: Address, amount: bigint) => {
    const wallet = createWalletClient({ account: from, chain: baseSepolia, transport: http(node) });
    const hash = await wallet.writeContract({ address: USDC, abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
    await createPublicClient({ chain: baseSepolia, transport: http(node) }).waitForTransactionReceipt({ hash });
    return hash;
  };

  /** Billing's event for a paid top-up of the address: what the wallet service credits. */
  const topUpPaid = async (amountCents: number) => {
    const sessionId = `cs_test_${randomUUID()}`;
    await platform.publish(EVENTS.billing.walletTopUpPaid, { eventId: randomUUID(), sessionId, walletAddress: address, amountCents, occurredAt: new Date().toISOString() });
    return sessionId;
  };
  const transferOf = (sessionId: string, done: (status: string) => boolean) => waitUntil(`top-up ${sessionId} transfer`,
    () => ownerQuery(platform.env, `SELECT status, tx_hash FROM wallet.transfers WHERE purpose = 'top_up' AND purpose_id = $1`, [sessionId]),
    (rows) => rows.length === 1 && done(String(rows[0]!.status)), 30_000).then((rows) => rows[0]!);

  beforeAll(async () => {
    platform = await TestPlatform.start();
    node = String(platform.env.BASE_RPC_URL);
    rpc = await RpcForwarder.start(node);
    treasury = privateKeyToAccount(platform.sandbox.chain.treasury.privateKey);
    await platform.startService('wallet', { BASE_RPC_URL: rpc.url, WALLET_TREASURY_KEY: platform.sandbox.chain.treasury.privateKey, WALLET_RECEIPT_TIMEOUT_MS: '300' });
    user = await platform.newUser();
    address = getAddress(((await user.client.post('/api/wallet', { action: 'create' })).body as { address: string }).address);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
    await rpc?.close();
  });

  afterEach(() => rpc.restore());

  it('401 without a session', async () => {
    const response = await platform.web().get('/api/wallet/transactions');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized' });
  });

  it('a user without a session wallet: no wallet, no entries', async () => {
    const response = await (await platform.newUser()).client.get('/api/wallet/transactions');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ address: null, network: 'base-sepolia', hasWallet: false, transactions: [], nextCursor: null });
  });

  describe('a wallet with transfers in and out and a top-up', () => {
    let received: string;
    let sent: string;
    let topUp: string;

    beforeAll(async () => {
      received = await sendUsdc(treasury, address, 1_500_000n);
      const gas = await createWalletClient({ account: treasury, chain: baseSepolia, transport: http(node) }).sendTransaction({ to: address, value: parseEther('0.01') });
      await createPublicClient({ chain: baseSepolia, transport: http(node) }).waitForTransactionReceipt({ hash: gas });
      const owner = (await platform.provider('wallet', WalletKeys).signer(address))!;
      sent = await sendUsdc(owner, stranger, 250_000n);
      topUp = await topUpPaid(1000);
      await transferOf(topUp, (status) => status === 'confirmed');
    }, 60_000);

    it('lists chain transfers both ways and the credit, newest first, each once', async () => {
      const response = await list();

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ address, network: 'base-sepolia', hasWallet: true, nextCursor: null });
      const entries = response.body.transactions as WalletTransactionView[];
      expect(entries).toHaveLength(3);
      expect(entries).toEqual(expect.arrayContaining([
        { id: `${received}:0`, type: 'transfer', direction: 'in', amount: '1.5', token: 'USDC', counterparty: treasury.address, txHash: received, status: 'confirmed', timestamp: expect.any(String), calls: null },
        { id: `${sent}:0`, type: 'transfer', direction: 'out', amount: '0.25', token: 'USDC', counterparty: stranger, txHash: sent, status: 'confirmed', timestamp: expect.any(String), calls: null },
        expect.objectContaining({ id: `top_up:${topUp}`, type: 'top_up', direction: 'in', amount: '10', counterparty: treasury.address, status: 'confirmed', calls: 10 }),
      ]));
      const times = entries.map((entry) => Date.parse(entry.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('pages with limit and the cursor, reaching every entry once in the same order', async () => {
      const all = ids((await list()).body.transactions);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.body.transactions.length).toBeLessThanOrEqual(1);
        seen.push(...ids(page.body.transactions));
        cursor = page.body.nextCursor;
      } while (cursor);

      expect(seen).toEqual(all);
      expect(ids((await list('?limit=2')).body.transactions)).toEqual(all.slice(0, 2));
    });

    it('shows a credit not on chain yet as pending, before its transfer is mined', async () => {
      rpc.drop('eth_sendRawTransaction');
      const pending = await topUpPaid(500);
      await transferOf(pending, (status) => status === 'signed');

      const [newest] = (await list()).body.transactions as WalletTransactionView[];

      expect(newest).toMatchObject({ id: `top_up:${pending}`, type: 'top_up', status: 'pending', amount: '5', calls: 5 });
      rpc.restore();
      await transferOf(pending, (status) => status === 'confirmed');
      expect((await list()).body.transactions[0]).toMatchObject({ id: `top_up:${pending}`, status: 'confirmed', txHash: expect.stringMatching(/^0x/) });
    });

    it('500 with a clear message while the chain cannot be read', async () => {
      rpc.goDown();

      const response = await list();

      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Failed to read transactions from base-sepolia' });
    });
  });

  it.each(['0', '101', 'ten', '1.5'])('400 for limit=%s', async (limit) => {
    const response = await list(`?limit=${limit}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'limit must be a whole number from 1 to 100' });
  });

  it('400 Invalid cursor for one this service did not make', async () => {
    const response = await list('?cursor=not-a-cursor');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid cursor' });
  });
});
