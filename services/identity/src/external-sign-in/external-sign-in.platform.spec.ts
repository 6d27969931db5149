import { randomUUID } from 'node:crypto';
import { GATE_TOKEN_CHAIN_ID, SANDBOX_GATE_TOKEN } from '@platform/chain';
import { ownerQuery, TestPlatform, type IdentitySandbox } from '@platform/testing';

describe('External sign-in (platform-core 4.2)', () => {
  let platform: TestPlatform;
  let providers: IdentitySandbox;

  beforeAll(async () => {
    // identity in a process of its own, logging at info, so what it writes can be read.
    platform = await TestPlatform.start({ processes: ['identity'], env: { LOG_LEVEL: 'info' } });
    providers = platform.identityProviders;
  });

  afterAll(async () => {
    await platform?.close();
  });

  const rowsOf = (sql: string, params: unknown[] = []) => ownerQuery<Record<string, any>>(platform.env, sql, params);

  const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

  describe('GET /api/auth/idp', () => {
    it('redirects to the provider with openid email profile offline_access, state, nonce and PKCE', async () => {
      const response = await platform.web().get('/api/auth/idp');
      expect(response.status).toBe(302);
      const url = new URL(response.headers.get('location')!);
      expect(url.href.startsWith(platform.sandbox.idp.issuer)).toBe(true);
      expect(url.searchParams.get('scope')).toBe('openid email profile offline_access');
      expect(url.searchParams.get('client_id')).toBe(platform.sandbox.idp.clientId);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toEqual(expect.any(String));
      expect(response.headers.getSetCookie().some((line) => line.startsWith('sign-in-state='))).toBe(true);
    });
  });

  describe('GET /api/auth/idp/callback', () => {
    it('creates the user, signs in and redirects to /dashboard', async () => {
      const email = unique('idp-new');
      await providers.nextLogin({ sub: `sub-${randomUUID()}`, email, name: 'Ida Provider' });
      const client = platform.web();
      const response = await providers.signIn(client, '/api/auth/idp');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dashboard');
      const session = await client.get('/api/auth/session');
      expect(session.body.user).toMatchObject({ email, name: 'Ida Provider' });
    });

    it('links to the existing user with that email', async () => {
      const user = await platform.newUser({ email: unique('idp-link') });
      const sub = `sub-${randomUUID()}`;
      await providers.nextLogin({ sub, email: user.email.toUpperCase(), name: 'Other Name' });
      const client = platform.web();
      expect((await providers.signIn(client, '/api/auth/idp')).headers.get('location')).toBe('/dashboard');
      expect((await client.get('/api/auth/session')).body.user.id).toBe(user.id);
      const links = await rowsOf(`SELECT user_id FROM identity.linked_accounts WHERE provider = 'idp' AND subject = $1`, [sub]);
      expect(links).toEqual([{ user_id: user.id }]);
    });

    it('stores the refresh token sealed, and never logs it', async () => {
      const sub = `sub-${randomUUID()}`;
      await providers.nextLogin({ sub, email: unique('idp-seal'), name: 'Sealed' });
      const client = platform.web();
      await providers.signIn(client, '/api/auth/idp');
      const rows = await rowsOf(`SELECT refresh_token_sealed FROM identity.linked_accounts WHERE subject = $1`, [sub]);
      expect(rows[0].refresh_token_sealed).toMatch(/^v1\./);
      const refreshed = await client.post('/api/auth/idp/refresh');
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({ ok: true, expiresIn: expect.any(Number) });
      expect(JSON.stringify(refreshed.body)).not.toContain(rows[0].refresh_token_sealed);
    });

    it('IdpNoEmail when the account has no email', async () => {
      await providers.nextLogin({ sub: `sub-${randomUUID()}`, email: '', name: 'No Mail' });
      const response = await providers.signIn(platform.web(), '/api/auth/idp');
      expect(response.headers.get('location')).toBe('/login?error=IdpNoEmail');
    });

    it('IdpAuthFailed without a code', async () => {
      const response = await platform.web().get('/api/auth/idp/callback?state=x');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?error=IdpAuthFailed');
    });

    it('IdpAuthFailed when the state was tampered with', async () => {
      await providers.nextLogin({ sub: `sub-${randomUUID()}`, email: unique('idp-state'), name: 'S' });
      const response = await providers.signIn(platform.web(), '/api/auth/idp', {
        callbackUrl: (url) => {
          url.searchParams.set('state', 'tampered');
          return url;
        },
      });
      expect(response.headers.get('location')).toBe('/login?error=IdpAuthFailed');
    });

    it('IdpAuthFailed when the callback comes to a browser that did not start the sign-in', async () => {
      await providers.nextLogin({ sub: `sub-${randomUUID()}`, email: unique('idp-csrf'), name: 'S' });
      const start = await platform.web().get('/api/auth/idp');
      const response = await providers.signIn(platform.web(), `/api/auth/idp/callback?code=abc&state=${new URL(start.headers.get('location')!).searchParams.get('state')}`);
      expect(response.headers.get('location')).toBe('/login?error=IdpAuthFailed');
    });

    it('IdpTokenFailed when the PKCE challenge was tampered with', async () => {
      await providers.nextLogin({ sub: `sub-${randomUUID()}`, email: unique('idp-pkce'), name: 'P' });
      const response = await providers.signIn(platform.web(), '/api/auth/idp', {
        authorizationUrl: (url) => {
          url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
          return url;
        },
      });
      expect(response.headers.get('location')).toBe('/login?error=IdpTokenFailed');
    });

    it('IdpTokenFailed when the code is not the provider\'s', async () => {
      const start = await platform.web().get('/api/auth/idp');
      const client = platform.web();
      const cookie = start.headers.getSetCookie().find((line) => line.startsWith('sign-in-state='))!.split(';')[0]!.split('=')[1]!;
      client.setCookie('sign-in-state', cookie);
      const state = new URL(start.headers.get('location')!).searchParams.get('state');
      const response = await client.get(`/api/auth/idp/callback?code=forged&state=${state}`);
      expect(response.headers.get('location')).toBe('/login?error=IdpTokenFailed');
    });

    it('never logs a refresh token, sealed or not', async () => {
      const rows = await rowsOf(`SELECT refresh_token_sealed FROM identity.linked_accounts WHERE refresh_token_sealed IS NOT NULL`);
      const logs = platform.logs('identity');
      expect(logs).toContain('External sign-in failed');
      expect(logs).not.toMatch(/refresh_token/i);
      for (const row of rows) expect(logs).not.toContain(row.refresh_token_sealed.split('.').pop());
    });
  });

  describe('GET /api/auth/code-host', () => {
    it('signs in with a verified primary email, linking to the user who has it', async () => {
      const user = await platform.newUser({ email: unique('ch-link') });
      await providers.nextCodeHostLogin({ sub: `octo${randomUUID().slice(0, 6)}`, email: user.email, name: 'Octo' });
      const client = platform.web();
      const response = await providers.signIn(client, '/api/auth/code-host');
      expect(response.headers.get('location')).toBe('/dashboard');
      expect((await client.get('/api/auth/session')).body.user.id).toBe(user.id);
    });

    it('does not link by an unverified email: IdpNoEmail', async () => {
      const user = await platform.newUser({ email: unique('ch-unverified') });
      await providers.nextCodeHostLogin({ sub: `octo${randomUUID().slice(0, 6)}`, email: user.email, name: 'Mallory', verified: false });
      const response = await providers.signIn(platform.web(), '/api/auth/code-host');
      expect(response.headers.get('location')).toBe('/login?error=IdpNoEmail');
    });
  });

  describe('POST /api/auth/idp/verify', () => {
    const verify = (body: unknown) => platform.web().post('/api/auth/idp/verify', body);
    const idTokenOf = (account: { sub: string; email: string }) => providers.idToken(platform.sandbox.idp, account);

    it('GET returns the metadata', async () => {
      const response = await platform.web().get('/api/auth/idp/verify');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ endpoint: '/api/auth/idp/verify', method: 'POST', body: { idToken: expect.any(String), checkGateToken: expect.any(String), address: expect.any(String) } });
    });

    it('refuses a token the provider did not issue: 401', async () => {
      const response = await verify({ idToken: 'a.b.c' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid ID token' });
    });

    it.each([
      ['no idToken', {}, 'idToken is required'],
      ['checkGateToken without an address', { idToken: 'a.b.c', checkGateToken: true }, 'address is required'],
      ['checkGateToken with a malformed address', { idToken: 'a.b.c', checkGateToken: true, address: '0x12' }, 'address must be a 0x-prefixed 20-byte hex address'],
    ])('%s: 400', async (_case, body, error) => {
      const response = await verify(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    });

    it('a token the provider issued: its claims and the linked user, the gate token not checked', async () => {
      const email = unique('verify');
      const sub = `sub-${randomUUID()}`;
      await providers.nextLogin({ sub, email, name: 'Vera' });
      const client = platform.web();
      await providers.signIn(client, '/api/auth/idp');
      const userId = (await client.get('/api/auth/session')).body.user.id;
      const response = await verify({ idToken: await idTokenOf({ sub, email }) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ valid: true, sub, email, emailVerified: expect.any(Boolean), name: expect.any(String), userId, gateToken: 'not-checked' });
    });

    it.each([['holds the gate token', '5', true], ['holds none', undefined, false]])('with checkGateToken, an address that %s', async (_case, amount, hasAccess) => {
      const address = `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`;
      if (amount) await fundGateToken(address, amount);
      const response = await verify({ idToken: await idTokenOf({ sub: `sub-${randomUUID()}`, email: unique('gate') }), checkGateToken: true, address });
      expect(response.status).toBe(200);
      expect(response.body.gateToken).toMatchObject({ address: address.toLowerCase(), hasAccess, token: { chainId: GATE_TOKEN_CHAIN_ID } });
    });

    async function fundGateToken(to: string, amount: string): Promise<void> {
      const funded = await fetch(`${platform.sandbox.url}/chain/fund`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chainId: GATE_TOKEN_CHAIN_ID, token: SANDBOX_GATE_TOKEN.address, to, amount }),
      });
      expect(funded.status).toBe(200);
    }
  });
});

describe('External sign-in without configuration', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ env: { IDP_CLIENT_ID: '', CODE_HOST_CLIENT_ID: '' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('GET /api/auth/idp redirects to /login?error=IdpNotConfigured', async () => {
    const response = await platform.web().get('/api/auth/idp');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=IdpNotConfigured');
  });

  it('GET /api/auth/code-host redirects to /login?error=IdpNotConfigured', async () => {
    expect((await platform.web().get('/api/auth/code-host')).headers.get('location')).toBe('/login?error=IdpNotConfigured');
  });
});
