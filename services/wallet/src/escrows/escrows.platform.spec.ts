import { randomUUID } from 'node:crypto';
import { escrowShortReason, ESCROW_MESSAGES as M, type EscrowView } from '@platform/contracts';
import {
  baseChain, BEARER, fundUsdc, newAgentWallet, ownerQuery, RpcForwarder, TestPlatform, usdcOf, waitUntil, type AgentWallet, type TestClient,
} from '@platform/testing';
import { formatUnits, parseUnits, type Address, type PublicClient } from 'viem';

let platform: TestPlatform;
/** The wallet service's node, as it sees it: a test can make it look away. */
let rpc: RpcForwarder;
let backend: TestClient;
let chain: PublicClient;
let payer: AgentWallet;
let payee: AgentWallet;

beforeAll(async () => {
  platform = await TestPlatform.start();
  rpc = await RpcForwarder.start(String(platform.env.BASE_RPC_URL));
  // The sandbox's node mines at once; 2 s without a receipt means the node looked away.
  await platform.startService('wallet', { BASE_RPC_URL: rpc.url, WALLET_RECEIPT_TIMEOUT_MS: '2000' });
  backend = platform.backend();
  chain = baseChain(platform);
  [payer, payee] = [await newAgentWallet(platform), await newAgentWallet(platform)];
  await fundUsdc(platform, payer.address, '100');
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await rpc?.close();
});

afterEach(() => rpc.restore());

const create = (overrides: Record<string, unknown> = {}) => backend.post<EscrowView>('/api/underground/escrows', {
  userId: payer.userId, bookingId: `booking-${randomUUID()}`, payerAgentId: payer.agentId, payeeAgentId: payee.agentId, amount: '10', ...overrides,
}, BEARER);
const get = (bookingId: string, userId = payer.userId) => backend.get<EscrowView>(`/api/underground/escrows/${bookingId}?userId=${userId}`, BEARER);
const release = (bookingId: string, userId = payer.userId) => backend.post<EscrowView>(`/api/underground/escrows/${bookingId}/release`, { userId }, BEARER);

describe('POST /api/underground/escrows', () => {
  it('returns 201 with the escrow held once its hold is mined', async () => {
    const response = await create({ amount: '12.5' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'held', amount: '12.5', payerAddress: payer.address, payeeAddress: payee.address, releaseTxHash: null });
    expect(await usdcOf(chain, response.body.escrowAddress as Address)).toBe(parseUnits('12.5', 6));
    expect((await get(response.body.bookingId)).body).toEqual(response.body);
  });

  it('holds one escrow per booking: of two creates at once, one is 201, the other 409, and one hold is recorded', async () => {
    const bookingId = `booking-${randomUUID()}`;

    const statuses = (await Promise.all([create({ bookingId }), create({ bookingId })])).map((response) => response.status).sort();

    expect(statuses).toEqual([201, 409]);
    const holds = await ownerQuery(platform.env, `SELECT 1 FROM wallet.transfers WHERE purpose = 'escrow_hold' AND purpose_id = $1`, [bookingId]);
    expect(holds).toHaveLength(1);
  });

  it.each([
    ['the paying agent\'s wallet is not held for the user', () => ({ userId: randomUUID() }), 404, M.payerWalletMissing],
    ['the paid agent has no wallet', () => ({ payeeAgentId: `agent-${randomUUID()}` }), 404, M.payeeWalletMissing],
    ['payer and payee are one agent', () => ({ payeeAgentId: payer.agentId }), 400, M.samePayerAndPayee],
    ['the amount is 0', () => ({ amount: '0' }), 400, M.amountInvalid],
    ['the amount is a number', () => ({ amount: 5 }), 400, M.amountInvalid],
  ])('returns %s as %i', async (_case, overrides, status, error) => {
    expect(await create(overrides())).toMatchObject({ status, body: { error } });
  });

  it('returns 409 when the wallet\'s spendable USDC is short', async () => {
    const available = await usdcOf(chain, payer.address);

    const response = await create({ amount: '1000' });

    expect(response).toMatchObject({ status: 409, body: { error: escrowShortReason(formatUnits(available, 6), '1000') } });
  });

  it('refuses a short balance before the treasury sends the paying wallet any gas', async () => {
    const poor = await newAgentWallet(platform);
    await fundUsdc(platform, poor.address, '1');
    const bookingId = `booking-${randomUUID()}`;

    const response = await create({ userId: poor.userId, payerAgentId: poor.agentId, bookingId, amount: '5' });

    expect(response).toMatchObject({ status: 409, body: { error: escrowShortReason('1', '5') } });
    expect(await chain.getBalance({ address: poor.address })).toBe(0n);
    expect(await ownerQuery(platform.env, `SELECT 1 FROM wallet.transfers WHERE purpose = 'gas' AND purpose_id = $1`, [`escrow:${bookingId}`])).toEqual([]);
  });

  it('queues a hold it could not see mined: the wallet.transfers job holds the escrow well before the sweep would look', async () => {
    rpc.drop('eth_sendRawTransaction');

    const response = await create({ amount: '3' });

    expect(response).toMatchObject({ status: 201, body: { status: 'funding', holdTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) } });
    rpc.restore();
    // The sweep looks only at transfers unchanged for WALLET_SWEEP_INTERVAL_MS (60 s): held within 20 s is the job's doing.
    const held = await waitUntil('escrow held', async () => (await get(response.body.bookingId)).body, (escrow) => escrow.status === 'held', 20_000);
    expect(held.holdTxHash).toBe(response.body.holdTxHash);
    expect(await usdcOf(chain, held.escrowAddress as Address)).toBe(parseUnits('3', 6));
  });
});

describe('POST /api/underground/escrows/:bookingId/release', () => {
  it('pays the payee once, however many releases arrive at once', async () => {
    const { body: escrow } = await create({ amount: '7' });
    const before = await usdcOf(chain, payee.address);

    const responses = await Promise.all([release(escrow.bookingId), release(escrow.bookingId), release(escrow.bookingId)]);

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const final = (await get(escrow.bookingId)).body;
    expect(final).toMatchObject({ status: 'released', releaseTxHash: expect.stringMatching(/^0x/) });
    expect(await usdcOf(chain, payee.address)).toBe(before + parseUnits('7', 6));
    expect(await usdcOf(chain, escrow.escrowAddress as Address)).toBe(0n);
  });

  it('returns 404 for another user\'s escrow or an unknown one', async () => {
    const { body: escrow } = await create();

    expect(await release(escrow.bookingId, randomUUID())).toMatchObject({ status: 404, body: { error: M.notFound } });
    expect(await release('no-such-booking')).toMatchObject({ status: 404, body: { error: M.notFound } });
  });
});

describe('GET /api/underground/escrows', () => {
  it('lists the user\'s escrows, newest first, and nobody else\'s', async () => {
    const list = (await backend.get<{ escrows: EscrowView[] }>(`/api/underground/escrows?userId=${payer.userId}`, BEARER)).body.escrows;

    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((escrow) => escrow.createdAt)).toEqual([...list.map((escrow) => escrow.createdAt)].sort().reverse());
    for (const escrow of list) expect((await get(escrow.bookingId)).body).toEqual(escrow);
    expect((await backend.get(`/api/underground/escrows?userId=${randomUUID()}`, BEARER)).body).toEqual({ escrows: [] });
  });
});
