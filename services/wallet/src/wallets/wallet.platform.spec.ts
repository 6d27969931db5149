import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USDC } from '@platform/chain';
import { AGENTIC_WALLET_FEATURES, CUSTODIAL_NETWORKS, WALLET_MESSAGES as M } from '@platform/contracts';
import { secretBoxFromKey } from '@platform/secrets';
import { ownerQuery, sandboxHook, TestPlatform, type TestResponse, type TestUser } from '@platform/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { sealContext } from '../keys/wallet-keys.js';

const PROJECT_ID = 'proj-test-agentic';
const ISO_DATE = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const ADDRESS = expect.stringMatching(/^0x[0-9a-fA-F]{40}$/);

describe('wallet routes (extended-services 4.1)', () => {
  let platform: TestPlatform;
  /** Every body the routes answered in this file, scanned for keys at the end. */
  const answered: string[] = [];

  const seen = async <T>(response: Promise<TestResponse<T>>): Promise<TestResponse<T>> => {
    const done = await response;
    answered.push(JSON.stringify(done.body));
    return done;
  };
  const act = (user: TestUser, body: unknown) => seen(user.client.post('/api/wallet', body));
  const walletView = (user: TestUser) => seen(user.client.get('/api/wallet'));
  const restartWallet = async (custodialProjectId: string) => {
    await platform.stopService('wallet');
    await platform.startService('wallet', { LOG_LEVEL: 'trace', CUSTODIAL_PROJECT_ID: custodialProjectId });
  };
  const walletRows = (address: string) => ownerQuery<{ kind: string; email: string | null; user_id: string }>(
    platform.env, 'SELECT kind, email, user_id FROM wallet.wallets WHERE lower(address) = lower($1)', [address]);

  beforeAll(async () => {
    platform = await TestPlatform.start({ processes: ['wallet'] });
    await platform.startService('wallet', { LOG_LEVEL: 'trace', CUSTODIAL_PROJECT_ID: '' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('without the custodial provider', () => {
    it('GET /api/wallet without a session: 401', async () => {
      const response = await seen(platform.web().get('/api/wallet'));
      expect(response.status).toBe(401);
    });

    it('GET /api/wallet before a wallet exists: no address, balance 0, and how to make one', async () => {
      const response = await walletView(await platform.newUser());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ address: null, balance: '0', network: 'base-sepolia', hasWallet: false, message: M.noWalletYet });
    });

    it('POST create: a new base-sepolia wallet, then GET shows it with its USDC from the chain', async () => {
      const user = await platform.newUser();
      const created = await act(user, { action: 'create' });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ address: ADDRESS, network: 'base-sepolia', message: M.walletCreated });
      expect(await walletRows(created.body.address)).toEqual([{ kind: 'session', email: null, user_id: user.id }]);

      await sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', {
        chainId: baseSepolia.id, token: USDC[baseSepolia.id].address, to: created.body.address, amount: '25.5',
      });
      const view = await walletView(user);
      expect(view.status).toBe(200);
      expect(view.body).toEqual({ address: created.body.address, balance: '25.5', network: 'base-sepolia', hasWallet: true, createdAt: ISO_DATE });
    });

    it('POST create when the user has a wallet: 400', async () => {
      const user = await platform.newUser();
      await act(user, { action: 'create' });
      const again = await act(user, { action: 'create' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: M.walletExists });
    });

    it('POST create racing itself makes one wallet: the others are told it exists', async () => {
      const user = await platform.newUser();
      const responses = await Promise.all(Array.from({ length: 5 }, () => act(user, { action: 'create' })));
      expect(responses.map((response) => response.status).sort()).toEqual([200, 400, 400, 400, 400]);
      const rows = await ownerQuery(platform.env, "SELECT id FROM wallet.wallets WHERE user_id = $1 AND kind = 'session'", [user.id]);
      expect(rows).toHaveLength(1);
    });

    it('POST get_seed: the wallet and a warning, never a key', async () => {
      const user = await platform.newUser();
      const { body: wallet } = await act(user, { action: 'create' });
      const response = await act(user, { action: 'get_seed' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ address: wallet.address, network: 'base-sepolia', createdAt: ISO_DATE, warning: M.seedWarning });
    });

    it('POST get_seed without a wallet: 404', async () => {
      const response = await act(await platform.newUser(), { action: 'get_seed' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.noWallet });
    });

    it('POST export_seed: always 403, wallet or not', async () => {
      const user = await platform.newUser();
      const before = await act(user, { action: 'export_seed' });
      await act(user, { action: 'create' });
      const after = await act(user, { action: 'export_seed' });
      expect([before.status, after.status]).toEqual([403, 403]);
      expect(after.body).toEqual({ error: M.exportDisabled });
    });

    it.each([['no action', {}], ['an unknown action', { action: 'import_seed' }], ['a non-string action', { action: 1 }]])('POST %s: 400', async (_case, body) => {
      const response = await act(await platform.newUser(), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.invalidAction });
    });

    it('POST /api/wallet without a session: 401', async () => {
      const response = await seen(platform.web().post('/api/wallet', { action: 'create' }));
      expect(response.status).toBe(401);
    });

    it('GET /api/wallet/address without a session: needs sign-in', async () => {
      const response = await seen(platform.web().get('/api/wallet/address'));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ authenticated: false, needsAuth: true, message: M.signInRequired });
    });

    it('GET /api/wallet/address signed in: the configuration error, with setup', async () => {
      const response = await seen((await platform.newUser()).client.get('/api/wallet/address'));
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ authenticated: false, needsAuth: true, error: M.providerNotConfigured, setup: M.providerSetup });
    });

    it('POST /api/wallet/create: 500 provider not configured, with setup', async () => {
      const response = await seen((await platform.newUser()).client.post('/api/wallet/create', { email: 'a@example.com' }));
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: M.providerNotConfigured, setup: M.providerSetup });
    });

    it('GET /api/wallet/custodial: the wallet type and its chains', async () => {
      const response = await seen(platform.web().get('/api/wallet/custodial'));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', type: 'evm_wallet', supportedChains: ['base', 'base-sepolia'] });
    });
  });

  describe('POST /api/wallet/custodial', () => {
    it('derives the address of the given key and stores nothing', async () => {
      const privateKey = generatePrivateKey();
      const response = await seen(platform.web().post('/api/wallet/custodial', { privateKey }));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, address: privateKeyToAccount(privateKey).address, network: 'base-sepolia' });
      expect(await walletRows(response.body.address)).toEqual([]);
      expect(platform.logs('wallet')).not.toContain(privateKey.slice(2));
    });

    it('without a key: a new address each time, stored nowhere', async () => {
      const [first, second] = await Promise.all([seen(platform.web().post('/api/wallet/custodial', {})), seen(platform.web().post('/api/wallet/custodial'))]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body).toEqual({ success: true, address: ADDRESS, network: 'base-sepolia' });
      expect(first.body.address).not.toBe(second.body.address);
      expect(await walletRows(first.body.address)).toEqual([]);
    });

    it.each([['too short', '0x1234'], ['without 0x', 'a'.repeat(64)], ['not hex', `0x${'g'.repeat(64)}`], ['not a string', 42]])('a key %s: 400', async (_case, privateKey) => {
      const response = await seen(platform.web().post('/api/wallet/custodial', { privateKey }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.invalidPrivateKey });
    });
  });

  describe('with the custodial provider configured', () => {
    beforeAll(async () => {
      await restartWallet(PROJECT_ID);
    });

    afterAll(async () => {
      await restartWallet('');
    });

    it('GET /api/wallet without a session: the agentic wallet and its features', async () => {
      const response = await seen(platform.web().get('/api/wallet'));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        agenticWallet: { status: 'configured', projectId: PROJECT_ID, features: [...AGENTIC_WALLET_FEATURES] },
        instructions: M.agenticInstructions,
      });
    });

    it('POST /api/wallet/create: a custodial wallet for the email on both networks', async () => {
      const user = await platform.newUser();
      const email = `custodial-${user.id}@example.com`;
      const response = await seen(user.client.post('/api/wallet/create', { email }));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, walletAddress: ADDRESS, walletId: expect.any(String), networks: [...CUSTODIAL_NETWORKS] });
      expect(await walletRows(response.body.walletAddress)).toEqual([{ kind: 'custodial', email, user_id: user.id }]);
    });

    it('POST /api/wallet/create for the same email again: the same wallet; another user naming it gets a wallet of their own', async () => {
      const user = await platform.newUser();
      const email = `again-${user.id}@example.com`;
      const first = await seen(user.client.post('/api/wallet/create', { email }));
      const again = await seen(user.client.post('/api/wallet/create', { email: email.toUpperCase() }));
      expect(again.body).toEqual(first.body);

      const other = await seen((await platform.newUser()).client.post('/api/wallet/create', { email }));
      expect(other.status).toBe(200);
      expect(other.body.walletAddress).not.toBe(first.body.walletAddress);
    });

    it.each([['no email', {}, M.emailRequired], ['a non-string email', { email: 7 }, M.emailRequired], ['a malformed email', { email: 'nobody' }, M.invalidEmail]])(
      'POST /api/wallet/create with %s: 400',
      async (_case, body, error) => {
        const response = await seen((await platform.newUser()).client.post('/api/wallet/create', body));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error });
      },
    );

    it('POST /api/wallet/create without a session: 401', async () => {
      const response = await seen(platform.web().post('/api/wallet/create', { email: 'a@example.com' }));
      expect(response.status).toBe(401);
    });

    it('GET /api/wallet/address: the user\'s custodial wallet, made for their email on first ask, the same after', async () => {
      const user = await platform.newUser();
      const first = await seen(user.client.get('/api/wallet/address'));
      const second = await seen(user.client.get('/api/wallet/address'));
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ authenticated: true, address: ADDRESS });
      expect(second.body).toEqual(first.body);
      expect(await walletRows(first.body.address)).toEqual([{ kind: 'custodial', email: user.email, user_id: user.id }]);
    });
  });

  describe('keys', () => {
    let rows: { address: string; sealed_key: string }[];
    let keys: string[];

    beforeAll(async () => {
      const box = secretBoxFromKey(platform.env.SECRETS_KEY!);
      rows = await ownerQuery(platform.env, 'SELECT address, sealed_key FROM wallet.wallets');
      keys = await Promise.all(rows.map((row) => box.open(row.sealed_key, sealContext(row.address))));
    });

    it('every wallet made here has its key stored sealed, opening only to the key of its address', () => {
      // Five session wallets and four custodial ones were made above.
      expect(keys).toHaveLength(9);
      rows.forEach((row, index) => {
        expect(privateKeyToAccount(keys[index] as `0x${string}`).address).toBe(row.address);
        expect(row.sealed_key).not.toContain(keys[index]!.slice(2));
      });
    });

    it('no key appears in any answer of this file', () => {
      const bodies = answered.join('\n').toLowerCase();
      for (const key of keys) expect(bodies).not.toContain(key.slice(2).toLowerCase());
    });

    it('no key appears in any line the wallet service logged, at trace level', () => {
      const logs = platform.logs('wallet').toLowerCase();
      expect(logs).toContain('wallet started');
      for (const key of keys) expect(logs).not.toContain(key.slice(2).toLowerCase());
    });
  });
});
