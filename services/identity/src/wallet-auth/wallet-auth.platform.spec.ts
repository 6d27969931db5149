import { IDENTITY_MESSAGES as M, SESSION_COOKIE } from '@platform/contracts';
import { TestPlatform, type TestClient } from '@platform/testing';
import { serializeErc6492Signature, type Address, type Hex, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

const CHAIN_ID = 42431;
/** testEnv leaves APP_URL at identity's default. */
const DOMAIN = 'localhost:3000';

let ipCounter = 0;
/** A fresh client IP per call: wallet sign-in shares login's 10-a-minute limit. */
const fromNewIp = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

interface Wallet { address: Address; sign: (message: string) => Promise<Hex> }

describe('wallet sign-in (SIWE)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  afterAll(async () => {
    await platform?.close();
  });

  const nonce = async (client: TestClient, method: 'GET' | 'POST' = 'GET'): Promise<string> => {
    const response = await client.request(method, '/api/auth/nonce', undefined, fromNewIp());
    expect(response.status).toBe(200);
    return response.body.nonce;
  };

  const messageFor = (address: Address, nonceValue: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) => createSiweMessage({
    address, chainId: CHAIN_ID, domain: DOMAIN, uri: `http://${DOMAIN}/login`, version: '1', nonce: nonceValue,
    issuedAt: new Date(), expirationTime: new Date(Date.now() + 5 * 60_000), ...overrides,
  });

  const signIn = (client: TestClient, body: unknown) => client.request('POST', '/api/wallet-auth', body, fromNewIp());

  const eoa = (account: LocalAccount = privateKeyToAccount(generatePrivateKey())): Wallet =>
    ({ address: account.address, sign: (message) => account.signMessage({ message }) });

  const smartWallet = async (deploy: boolean): Promise<Wallet> => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const response = await fetch(`${platform.sandbox.url}/chain/smart-wallets${deploy ? '' : `?chainId=${CHAIN_ID}&owner=${owner.address}`}`, deploy
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chainId: CHAIN_ID, owner: owner.address }) }
      : {});
    const wallet = await response.json() as { address: Address; factory: Address; factoryData: Hex; deployed: boolean };
    expect(wallet.deployed).toBe(deploy);
    return {
      address: wallet.address,
      sign: async (message) => {
        const signature = await owner.signMessage({ message });
        return deploy ? signature : serializeErc6492Signature({ address: wallet.factory, data: wallet.factoryData, signature });
      },
    };
  };

  /** A full sign-in: nonce, message, signature; answers the response and the client holding the cookie. */
  const signInWith = async (wallet: Wallet) => {
    const client = platform.web();
    const message = messageFor(wallet.address, await nonce(client));
    const response = await signIn(client, { address: wallet.address, message, signature: await wallet.sign(message) });
    return { client, response, message };
  };

  describe('GET and POST /api/auth/nonce', () => {
    it('answer a fresh alphanumeric nonce each time', async () => {
      const client = platform.web();
      const first = await nonce(client, 'GET');
      const second = await nonce(client, 'POST');
      expect(first).toMatch(/^[A-Za-z0-9]{8,}$/);
      expect(second).toMatch(/^[A-Za-z0-9]{8,}$/);
      expect(first).not.toBe(second);
    });
  });

  describe('POST /api/wallet-auth', () => {
    it('signs in an EOA: creates <address>@wallet.service and sets the session cookie', async () => {
      const wallet = eoa();
      const { client, response } = await signInWith(wallet);
      const lower = wallet.address.toLowerCase();

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, user: { id: expect.any(String), name: lower, email: `${lower}@wallet.service` }, address: lower, created: true });
      const cookie = response.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{40,};`));
      expect(cookie).toEqual(expect.stringContaining('Max-Age=2592000'));
      const session = await client.get('/api/auth/session');
      expect(session.body.user).toMatchObject({ id: response.body.user.id, email: `${lower}@wallet.service` });
    });

    it('links the second sign-in of a wallet to the user the first created', async () => {
      const wallet = eoa();
      const first = await signInWith(wallet);
      const second = await signInWith(wallet);

      expect(second.response.status).toBe(200);
      expect(second.response.body).toMatchObject({ user: { id: first.response.body.user.id }, created: false });
    });

    it('links a wallet to the existing user registered with its derived email', async () => {
      const wallet = eoa();
      const existing = await platform.newUser({ email: `${wallet.address.toLowerCase()}@wallet.service` });
      const { response } = await signInWith(wallet);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ user: { id: existing.id }, created: false });
    });

    it('signs in a deployed smart wallet by ERC-1271', async () => {
      const { response } = await signInWith(await smartWallet(true));
      expect(response.status).toBe(200);
      expect(response.body.created).toBe(true);
    });

    it('signs in a smart wallet not yet deployed by ERC-6492', async () => {
      const wallet = await smartWallet(false);
      const { response } = await signInWith(wallet);
      expect(response.status).toBe(200);
      expect(response.body.address).toBe(wallet.address.toLowerCase());
    });

    it('returns 401 for a signature by another key', async () => {
      const wallet = eoa();
      const client = platform.web();
      const message = messageFor(wallet.address, await nonce(client));
      const response = await signIn(client, { address: wallet.address, message, signature: await eoa().sign(message) });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidSignature });
    });

    it('returns 401 for a replayed nonce', async () => {
      const wallet = eoa();
      const { client, response, message } = await signInWith(wallet);
      expect(response.status).toBe(200);
      const replay = await signIn(client, { address: wallet.address, message, signature: await wallet.sign(message) });
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ error: M.invalidNonce });
    });

    it('returns 401 for a nonce the platform never issued', async () => {
      const wallet = eoa();
      const message = messageFor(wallet.address, 'NeverIssued1234');
      const response = await signIn(platform.web(), { address: wallet.address, message, signature: await wallet.sign(message) });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidNonce });
    });

    it.each([
      ['an expired message', { expirationTime: new Date(Date.now() - 60_000), issuedAt: new Date(Date.now() - 120_000) }, M.siweExpired],
      ['a message for another domain', { domain: 'evil.example', uri: 'https://evil.example/login' }, M.siweDomainMismatch],
      ['a message for another chain', { chainId: 4217 }, M.siweChainMismatch],
    ])('returns 401 for %s', async (_case, overrides, error) => {
      const wallet = eoa();
      const client = platform.web();
      const message = messageFor(wallet.address, await nonce(client), overrides);
      const response = await signIn(client, { address: wallet.address, message, signature: await wallet.sign(message) });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error });
    });

    it('returns 401 for a message that is not SIWE', async () => {
      const wallet = eoa();
      const response = await signIn(platform.web(), { address: wallet.address, message: 'let me in', signature: await wallet.sign('let me in') });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidSiweMessage });
    });

    it.each(['address', 'message', 'signature'])('returns 400 without %s', async (field) => {
      const body: Record<string, string> = { address: eoa().address, message: 'm', signature: '0x00' };
      delete body[field];
      const response = await signIn(platform.web(), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.walletFieldsRequired });
    });
  });

  describe('GET and POST /api/auth/gate-token', () => {
    it('answers hasAccess true for a holder of the gate amount (POST body) and false below it (GET query)', async () => {
      const holder = eoa().address;
      const fund = await fetch(`${platform.sandbox.url}/chain/fund`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chainId: 84532, token: '0x6a7e000000000000000000000000000000000001', to: holder, amount: '1' }),
      });
      expect(fund.status).toBe(200);

      const held = await platform.web().request('POST', '/api/auth/gate-token', { address: holder }, fromNewIp());
      expect(held.status).toBe(200);
      expect(held.body).toEqual({
        address: holder.toLowerCase(), hasAccess: true, balance: '1000000000000000000', required: '1000000000000000000',
        token: { address: '0x6a7e000000000000000000000000000000000001', symbol: 'GATE', decimals: 18, chainId: 84532 },
      });
      const stranger = eoa().address;
      const empty = await platform.web().request('GET', `/api/auth/gate-token?address=${stranger}`, undefined, fromNewIp());
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ hasAccess: false, balance: '0' });
    });

    it('returns 400 for a missing or malformed address', async () => {
      const missing = await platform.web().request('GET', '/api/auth/gate-token', undefined, fromNewIp());
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: M.addressRequired });
      const malformed = await platform.web().request('POST', '/api/auth/gate-token', { address: '0x123' }, fromNewIp());
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: M.invalidAddress });
      const misTyped = await platform.web().request('GET', `/api/auth/gate-token?address=0xaA0aa0AAAaAAaaa00A0A0A00a0AAAAAA0AaaAaaA`, undefined, fromNewIp());
      expect(misTyped.status).toBe(400);
      expect(misTyped.body).toEqual({ error: M.invalidAddressChecksum });
    });
  });
});
