import { randomUUID } from 'node:crypto';
import { AGENT_WALLET_MESSAGES as M, agentMessageTypedData, SUBJECTS, type SignAgentMessageReply } from '@platform/contracts';
import { BEARER, fundUsdc, newAddress, newAgentWallet, ownerQuery, RpcForwarder, type TestClient, TestPlatform, USDC_ADDRESS } from '@platform/testing';
import { getAddress, verifyTypedData, type Address } from 'viem';
import { baseSepolia } from 'viem/chains';

let platform: TestPlatform;
let backend: TestClient;
let rpc: RpcForwarder;

beforeAll(async () => {
  platform = await TestPlatform.start();
  rpc = await RpcForwarder.start(platform.sandbox.chain.rpcUrls[84532]!);
  await platform.startService('wallet', { BASE_RPC_URL: rpc.url });
  backend = platform.backend();
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await rpc?.close();
});

afterEach(() => rpc.restore());

const create = (body: unknown, headers: Record<string, string> = BEARER) => backend.post('/api/underground/wallets', body, headers);
const balance = (address: string, query: string, headers: Record<string, string> = BEARER) =>
  backend.get(`/api/underground/wallets/${address}/balance${query}`, headers);

describe('POST /api/underground/wallets', () => {
  it('returns 201 with a new custodial wallet for the agent', async () => {
    const userId = randomUUID();

    const response = await create({ userId, agentId: 'agent-one' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), agentId: 'agent-one', userId });
    expect(getAddress(response.body.address)).toBe(response.body.address);
  });

  it('returns 200 with the same wallet when the agent already has one', async () => {
    const wallet = await newAgentWallet(platform);

    const again = await create({ userId: wallet.userId, agentId: wallet.agentId });

    expect(again.status).toBe(200);
    expect(again.body).toEqual({ address: wallet.address, agentId: wallet.agentId, userId: wallet.userId });
  });

  it('makes one wallet when the first calls for an agent come at once', async () => {
    const body = { userId: randomUUID(), agentId: `agent-${randomUUID()}` };

    const responses = await Promise.all(Array.from({ length: 5 }, () => create(body)));

    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.body.address)).size).toBe(1);
  });

  it('returns 409 when the agent has a wallet held for another user', async () => {
    const wallet = await newAgentWallet(platform);

    const response = await create({ userId: randomUUID(), agentId: wallet.agentId });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: M.agentOwnedByAnotherUser });
  });

  it.each([
    ['userId is missing', { agentId: 'agent-x' }, M.userIdRequired],
    ['userId is not a user id', { userId: 'user-1', agentId: 'agent-x' }, M.userIdInvalid],
    ['agentId is missing', { userId: randomUUID() }, M.agentIdRequired],
    ['agentId is empty', { userId: randomUUID(), agentId: '' }, M.agentIdRequired],
    ['agentId is too long', { userId: randomUUID(), agentId: 'a'.repeat(65) }, M.agentIdInvalid],
  ])('returns 400 when %s', async (_case, body, error) => {
    const response = await create(body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('returns 401 without the bearer key', async () => {
    const response = await create({ userId: randomUUID(), agentId: 'agent-x' }, {});

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: expect.any(String) });
  });
});

describe('GET /api/underground/wallets/:address/balance', () => {
  it('returns the USDC the wallet holds on base-sepolia, as a number', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '12.345678');

    const response = await balance(wallet.address, `?userId=${wallet.userId}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ address: wallet.address, balance_usdc: 12.345678 });
  });

  it('returns 0 for a wallet never funded, whatever the address casing', async () => {
    const wallet = await newAgentWallet(platform);

    const response = await balance(wallet.address.toLowerCase(), `?userId=${wallet.userId}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ address: wallet.address, balance_usdc: 0 });
  });

  it('returns 404 for another user\'s agent wallet', async () => {
    const wallet = await newAgentWallet(platform);

    const response = await balance(wallet.address, `?userId=${randomUUID()}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.walletNotFound });
  });

  it('returns 404 for an address that is no agent wallet', async () => {
    const response = await balance(newAddress(), `?userId=${randomUUID()}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.walletNotFound });
  });

  it('returns 500 while the node does not answer, and the balance once it does', async () => {
    const wallet = await newAgentWallet(platform);
    rpc.goDown();

    const down = await balance(wallet.address, `?userId=${wallet.userId}`);
    rpc.restore();
    const back = await balance(wallet.address, `?userId=${wallet.userId}`);

    expect(down.status).toBe(500);
    expect(down.body).toEqual({ error: M.balanceUnavailable });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ address: wallet.address, balance_usdc: 0 });
  });

  it.each([
    ['userId is missing', newAddress(), '', M.userIdRequired],
    ['userId is not a user id', newAddress(), '?userId=nobody', M.userIdInvalid],
    ['the address is malformed', '0x1234', `?userId=${randomUUID()}`, M.addressInvalid],
  ])('returns 400 when %s', async (_case, address, query, error) => {
    const response = await balance(address, query);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('returns 401 without the bearer key', async () => {
    const response = await balance(newAddress(), `?userId=${randomUUID()}`, {});

    expect(response.status).toBe(401);
  });
});

describe('bus queries (NATS)', () => {
  const unsigned = (from: string) => ({ messageId: randomUUID(), action: 'HELLO', from, to: 'agent-b', payload: '{}', timestamp: Math.floor(Date.now() / 1000) });

  it('agent wallet of: the address and owner of the agent\'s wallet, null for an agent without one', async () => {
    const wallet = await newAgentWallet(platform);

    const found = await platform.query(SUBJECTS.wallet.agentWalletOf, { agentId: wallet.agentId });
    const none = await platform.query(SUBJECTS.wallet.agentWalletOf, { agentId: `agent-${randomUUID()}` });

    expect(found).toEqual({ address: wallet.address, userId: wallet.userId });
    expect(none).toBeNull();
  });

  it('sign agent message: an EIP-712 signature by the agent\'s wallet over the message', async () => {
    const wallet = await newAgentWallet(platform);
    const message = unsigned(wallet.agentId);

    const reply = await platform.query<SignAgentMessageReply>(SUBJECTS.wallet.signAgentMessage, { agentId: wallet.agentId, message });

    expect(reply.address).toBe(wallet.address);
    expect(await verifyTypedData({ address: wallet.address as Address, signature: reply.signature, ...agentMessageTypedData(message) })).toBe(true);
  });

  it('sign agent message: null for an agent without a wallet', async () => {
    const agentId = `agent-${randomUUID()}`;

    expect(await platform.query(SUBJECTS.wallet.signAgentMessage, { agentId, message: unsigned(agentId) })).toBeNull();
  });
});

describe('skills queries (NATS)', () => {
  it('agent wallet usdc: the balance and what a payout may take of it, as exact text, less what recorded transfers will take', async () => {
    const wallet = await newAgentWallet(platform);
    await fundUsdc(platform, wallet.address, '12.345678');
    // A transfer recorded and not signed yet; dated ahead, so the transfers' sweep leaves it alone.
    await ownerQuery(platform.env,
      `INSERT INTO wallet.transfers (user_id, chain_id, token, from_address, to_address, amount, purpose, purpose_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, 2000001, 'escrow_hold', $6, now() + interval '1 hour')`,
      [wallet.userId, baseSepolia.id, USDC_ADDRESS, wallet.address, newAddress(), `reserved-${randomUUID()}`]);

    expect(await platform.query(SUBJECTS.wallet.agentWalletUsdc, { userId: wallet.userId, agentId: wallet.agentId })).toEqual({
      address: wallet.address, balance: '12.345678', spendable: '10.345677',
    });
  });

  it('agent wallet usdc: null for another user\'s agent wallet and for an agent without one', async () => {
    const wallet = await newAgentWallet(platform);

    expect(await platform.query(SUBJECTS.wallet.agentWalletUsdc, { userId: randomUUID(), agentId: wallet.agentId })).toBeNull();
    expect(await platform.query(SUBJECTS.wallet.agentWalletUsdc, { userId: wallet.userId, agentId: `agent-${randomUUID()}` })).toBeNull();
  });

  it('agent wallet usdc: an error that says the chain could not be read when the node is away', async () => {
    const wallet = await newAgentWallet(platform);
    rpc.goDown();

    await expect(platform.query(SUBJECTS.wallet.agentWalletUsdc, { userId: wallet.userId, agentId: wallet.agentId })).rejects.toMatchObject({
      status: 500, remote: { message: M.balanceUnavailable },
    });
  });
});
