import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STABLECOINS } from '@platform/chain';
import { AGENT_MESSAGES as M, ERROR_CODES, wrongChain } from '@platform/contracts';
import { BEARER, ownerQuery, provisionRunning, subscribedUser, TestPlatform, waitForStatus, type TestUser } from '@platform/testing';
import { payForClone } from '../testing/clone-payments.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STRANGER = '0x3333333333333333333333333333333333333333';
const UNKNOWN_HASH = `0x${'ab'.repeat(32)}`;

describe('Agent clones', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let parentId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'agents'] });
    owner = await subscribedUser(platform, 'network');
    // tier pro → plan collective, whose models the AI layer serves the runtime.
    parentId = await provisionRunning(platform, owner, { name: 'Parent', tier: 'pro', config: { systemPrompt: 'Be brief.' } });
    const told = await owner.client.post(`/api/agents/${parentId}/messages`, { message: 'Remember that the launch code is swordfish' });
    if (told.status !== 200) throw new Error(`message: ${told.status} ${JSON.stringify(told.body)}`);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  const clone = (user: TestUser, body: Record<string, unknown>) => user.client.post('/api/agents/clone', body);
  const memoryFile = (agentId: string) => readFile(path.join(platform.env.AGENT_DATA_DIR!, agentId, 'memory.json'), 'utf8');
  const spent = (hash: string) => ownerQuery(platform.env, 'SELECT agent_id FROM agents.clones WHERE transaction_hash = $1', [hash.toLowerCase()]);

  it('GET /api/agents/clone tells the price, currency, network and payee', async () => {
    const response = await platform.web().get('/api/agents/clone');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok', price: '1.0', currency: 'pathUSD', chainId: 42431, token: STABLECOINS[0]!.address, payee: platform.sandbox.chain.treasury.address,
    });
    expect((await platform.backend().get('/api/agents/clone')).body).toEqual(response.body);
  });

  describe('POST /api/agents/clone', () => {
    it("creates a paid clone with the parent's config, the next generation and a copy of its memory", async () => {
      const paymentProof = await payForClone(platform);
      const response = await clone(owner, { parentAgentId: parentId, name: 'Clone', specialization: 'booking', paymentProof, generation: 2 });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        agent: {
          id: expect.any(String), name: 'Clone', status: 'provisioning', parentAgentId: parentId, generation: 3, specialization: 'booking',
          websocketUrl: expect.stringMatching(/^wss:\/\/clone-[0-9a-f]{8}\.agents\.localhost\/ws$/), createdAt: expect.stringMatching(ISO_DATE),
        },
        payment: {
          transactionHash: paymentProof.transactionHash, amount: '1', currency: 'pathUSD', chainId: 42431,
          from: paymentProof.from, to: platform.sandbox.chain.treasury.address,
        },
      });
      const cloneId = response.body.agent.id as string;
      await waitForStatus(platform.backend(), cloneId, 'running');
      expect((await owner.client.get(`/api/agents/${cloneId}/config`)).body).toMatchObject({
        plan: 'collective', model: 'claude-opus-4-6', config: { systemPrompt: 'Be brief.', specialization: 'booking' },
      });
      expect(await memoryFile(cloneId)).toBe(await memoryFile(parentId));
      expect((await owner.client.get(`/api/agents/${cloneId}/stats`)).body).toMatchObject({ live: true, memoryEntries: 1 });
    });

    it('spends a transaction once: the same hash again is 409, whatever its case', async () => {
      const paymentProof = await payForClone(platform);
      expect((await clone(owner, { parentAgentId: parentId, name: 'Once', paymentProof })).status).toBe(201);
      const again = { ...paymentProof, transactionHash: paymentProof.transactionHash.toUpperCase().replace('0X', '0x') };
      expect(await clone(owner, { parentAgentId: parentId, name: 'Twice', paymentProof: again })).toMatchObject({ status: 409, body: { error: M.paymentUsed } });
    });

    it('lets one of two clones racing on one payment through', async () => {
      const paymentProof = await payForClone(platform);
      const responses = await Promise.all(['Racer one', 'Racer two'].map((name) => clone(owner, { parentAgentId: parentId, name, paymentProof })));
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expect(await spent(paymentProof.transactionHash)).toHaveLength(1);
    });

    it('returns 402 when the transaction pays less than 1.0 pathUSD, or pays someone else', async () => {
      const short = await payForClone(platform, '0.5');
      expect(await clone(owner, { parentAgentId: parentId, name: 'Short', paymentProof: { ...short, amount: '1.0' } }))
        .toMatchObject({ status: 402, body: { error: M.paymentTooSmall } });
      const elsewhere = await payForClone(platform, '1.0', STRANGER);
      expect(await clone(owner, { parentAgentId: parentId, name: 'Elsewhere', paymentProof: elsewhere }))
        .toMatchObject({ status: 402, body: { error: M.paymentTooSmall } });
    });

    it('returns 402 for a transaction the chain does not have', async () => {
      const paymentProof = { ...(await payForClone(platform)), transactionHash: UNKNOWN_HASH };
      expect(await clone(owner, { parentAgentId: parentId, name: 'Ghost', paymentProof })).toMatchObject({ status: 402, body: { error: M.paymentNotFound } });
    });

    it.each([
      ['no paymentProof', {}, M.paymentProofRequired],
      ['an amount below 1.0', { amount: '0.99' }, M.amountInvalid],
      ['another currency', { currency: 'USDC' }, M.currencyInvalid],
      ['the mainnet chain id', { chainId: 4217 }, wrongChain(42431)],
      ['another payee', { to: STRANGER }, M.toInvalid],
      ['a malformed hash', { transactionHash: '0x1234' }, M.transactionHashInvalid],
    ])('returns 400 for %s', async (_case, change, error) => {
      const proof = { transactionHash: UNKNOWN_HASH, amount: '1.0', currency: 'pathUSD', chainId: 42431, from: STRANGER, to: platform.sandbox.chain.treasury.address, timestamp: 1 };
      const paymentProof = Object.keys(change).length ? { ...proof, ...change } : undefined;
      expect(await clone(owner, { parentAgentId: parentId, name: 'Refused', paymentProof })).toMatchObject({ status: 400, body: { error } });
    });

    it("returns 404 for another user's parent, and leaves the payment unspent", async () => {
      const stranger = await subscribedUser(platform, 'network');
      const paymentProof = await payForClone(platform);
      expect(await clone(stranger, { parentAgentId: parentId, name: 'Theft', paymentProof })).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
      expect(await spent(paymentProof.transactionHash)).toEqual([]);
    });

    it('returns 429 at the plan limit, and leaves the payment unspent', async () => {
      const solo = await subscribedUser(platform, 'solo');
      const only = await provisionRunning(platform, solo, { name: 'Only' });
      const paymentProof = await payForClone(platform);
      expect(await clone(solo, { parentAgentId: only, name: 'Over', paymentProof }))
        .toMatchObject({ status: 429, body: { error: M.webLimitReached, current: 1, limit: 1 } });
      expect(await spent(paymentProof.transactionHash)).toEqual([]);
    });

    it('returns 402 without a subscription and 401 without a session', async () => {
      const unpaid = await platform.newUser();
      expect(await clone(unpaid, { parentAgentId: parentId, name: 'x', paymentProof: await payForClone(platform) }))
        .toMatchObject({ status: 402, body: { error: M.subscriptionRequired, code: ERROR_CODES.subscriptionRequired } });
      expect((await platform.web().post('/api/agents/clone', {})).status).toBe(401);
    });

    describe('bearer callers', () => {
      const parentOnPlan = async (user: TestUser, plan: string) =>
        (await platform.backend().post('/api/agents', { name: `On ${plan}`, config: { plan } }, { ...BEARER, 'x-user-id': user.id })).body.id as string;

      it("clone any agent for the parent's owner", async () => {
        const user = await platform.newUser();
        const parent = await parentOnPlan(user, 'network');
        const response = await platform.backend().post('/api/agents/clone', { parentAgentId: parent, name: 'Platform clone', paymentProof: await payForClone(platform) }, BEARER);
        expect(response).toMatchObject({ status: 201, body: { agent: { parentAgentId: parent, generation: 2, specialization: 'general' } } });
        expect((await user.client.get(`/api/agents/${response.body.agent.id}`)).status).toBe(200);
      });

      it("are held to the parent plan's backend limit: 402 AGENT_LIMIT_REACHED", async () => {
        const user = await platform.newUser();
        const parent = await parentOnPlan(user, 'solo');
        const response = await platform.backend().post('/api/agents/clone', { parentAgentId: parent, name: 'Over', paymentProof: await payForClone(platform) }, BEARER);
        expect(response).toMatchObject({ status: 402, body: { error: M.backendLimitReached, code: ERROR_CODES.agentLimitReached, current: 1, limit: 1 } });
      });
    });
  });
});
