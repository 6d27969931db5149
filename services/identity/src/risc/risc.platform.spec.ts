import { randomUUID } from 'node:crypto';
import { RISC_EVENT_TYPES } from '@platform/contracts';
import { ownerQuery, TestPlatform, waitFor, type IdentitySandbox, type TestClient, type TestUser } from '@platform/testing';

/** Well under the credential cache's TTL: only the revocation broadcast explains a 401 this soon. */
const WITHIN_MS = 3000;
/** The receiver's least interval between key refetches, short for the test (30 s by default). */
const REFETCH_MS = 1000;

describe('Security event receiver (platform-core 4.3, section 6)', () => {
  let platform: TestPlatform;
  let providers: IdentitySandbox;

  beforeAll(async () => {
    platform = await TestPlatform.start({ gateways: 2, env: { SESSION_CACHE_TTL_MS: '60000', RISC_KEYS_REFETCH_MS: String(REFETCH_MS) } });
    providers = platform.identityProviders;
  });

  afterAll(async () => {
    await platform?.close();
  });

  const rowsOf = (sql: string, params: unknown[] = []) => ownerQuery<Record<string, any>>(platform.env, sql, params);

  /** As the provider sends it: the token as the body, typed application/secevent+jwt. */
  const post = (jwt: string, path = '/api/security/risc') => fetch(`${platform.webUrl}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/secevent+jwt' }, body: jwt,
  });

  /** A user signed in through the provider (so linked by subject), cached on replica B. */
  async function idpUser(): Promise<{ sub: string; email: string; client: TestClient; onB: TestClient }> {
    const sub = `sub-${randomUUID()}`;
    const email = `risc-${randomUUID().slice(0, 8)}@example.com`;
    await providers.nextLogin({ sub, email, name: 'Risc' });
    const client = platform.web();
    expect((await providers.signIn(client, '/api/auth/idp')).headers.get('location')).toBe('/dashboard');
    const onB = client.at(platform.gateways[1]!.urls.web);
    expect((await onB.get('/api/keys')).status).toBe(200);
    return { sub, email, client, onB };
  }

  const refusedSoon = async (client: TestClient) =>
    (await waitFor(() => client.get('/api/keys'), (response) => response.status === 401, WITHIN_MS)).status;

  it('GET answers status ok, the endpoint, a description and the supported event types', async () => {
    const response = await platform.web().get('/api/security/risc');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', endpoint: '/api/security/risc', description: expect.any(String), supportedEventTypes: RISC_EVENT_TYPES });
  });

  it('sessions-revoked: 202 with an empty body, and replica B refuses the session on its next request', async () => {
    const user = await idpUser();
    const response = await post(await providers.signSecurityEvent({ events: { 'sessions-revoked': {} }, sub: user.sub }));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(await refusedSoon(user.onB)).toBe(401);
  });

  it('account-disabled (hijacking) ends sessions and refuses IdP sign-in until account-enabled', async () => {
    const user = await idpUser();
    expect((await post(await providers.signSecurityEvent({ events: { 'account-disabled': { reason: 'hijacking' } }, sub: user.sub }))).status).toBe(202);
    expect(await refusedSoon(user.onB)).toBe(401);
    await providers.nextLogin({ sub: user.sub, email: user.email, name: 'Risc' });
    expect((await providers.signIn(platform.web(), '/api/auth/idp')).headers.get('location')).toBe('/login?error=IdpAccountDisabled');
    expect((await post(await providers.signSecurityEvent({ events: { 'account-enabled': {} }, sub: user.sub }))).status).toBe(202);
    await waitFor(async () => {
      await providers.nextLogin({ sub: user.sub, email: user.email, name: 'Risc' });
      return providers.signIn(platform.web(), '/api/auth/idp');
    }, (response) => response.headers.get('location') === '/dashboard', WITHIN_MS);
  });

  it('account-disabled for another reason ends sessions but leaves IdP sign-in open', async () => {
    const user = await idpUser();
    expect((await post(await providers.signSecurityEvent({ events: { 'account-disabled': { reason: 'bulk-account' } }, sub: user.sub }))).status).toBe(202);
    expect(await refusedSoon(user.onB)).toBe(401);
    await providers.nextLogin({ sub: user.sub, email: user.email, name: 'Risc' });
    expect((await providers.signIn(platform.web(), '/api/auth/idp')).headers.get('location')).toBe('/dashboard');
  });

  it('tokens-revoked drops the stored refresh token and ends sessions', async () => {
    const user = await idpUser();
    expect((await post(await providers.signSecurityEvent({ events: { 'tokens-revoked': {} }, sub: user.sub }))).status).toBe(202);
    expect(await refusedSoon(user.onB)).toBe(401);
    const rows = await rowsOf(`SELECT refresh_token_sealed FROM identity.linked_accounts WHERE subject = $1`, [user.sub]);
    expect(rows).toEqual([{ refresh_token_sealed: null }]);
  });

  it('matches a user by email (a password user with no link)', async () => {
    const user: TestUser = await platform.newUser();
    const onB = user.client.at(platform.gateways[1]!.urls.web);
    expect((await onB.get('/api/keys')).status).toBe(200);
    expect((await post(await providers.signSecurityEvent({ events: { 'sessions-revoked': {} }, email: user.email }))).status).toBe(202);
    expect(await refusedSoon(onB)).toBe(401);
  });

  it('account-credential-change-required and verification are acknowledged and change nothing', async () => {
    const user = await idpUser();
    const eventSets: Array<Record<string, Record<string, unknown>>> = [{ 'account-credential-change-required': {} }, { verification: { state: 'setup' } }];
    for (const events of eventSets) {
      const jti = randomUUID();
      expect((await post(await providers.signSecurityEvent({ events, sub: user.sub, jti }))).status).toBe(202);
      await waitFor(() => rowsOf(`SELECT processed_at FROM identity.risc_events WHERE jti = $1`, [jti]), (rows) => rows[0]?.processed_at != null, WITHIN_MS);
    }
    expect((await user.onB.get('/api/keys')).status).toBe(200);
  });

  it('the legacy endpoint matches by email only, not by subject', async () => {
    const user = await idpUser();
    const bySub = randomUUID();
    expect((await post(await providers.signSecurityEvent({ events: { 'sessions-revoked': { subject: { subject_type: 'iss-sub', sub: user.sub } } }, jti: bySub }), '/api/auth/idp/risc')).status).toBe(202);
    await waitFor(() => rowsOf(`SELECT processed_at FROM identity.risc_events WHERE jti = $1`, [bySub]), (rows) => rows[0]?.processed_at != null, WITHIN_MS);
    expect((await user.onB.get('/api/keys')).status).toBe(200);
    expect((await post(await providers.signSecurityEvent({ events: { 'sessions-revoked': {} }, email: user.email }), '/api/auth/idp/risc')).status).toBe(202);
    expect(await refusedSoon(user.onB)).toBe(401);
  });

  describe('refusals: 400 { error }', () => {
    it.each([
      ['an empty body', async () => '', 'Empty body'],
      ['a malformed token', async () => 'not-a-jwt', 'Malformed security event token'],
      ['the wrong issuer', () => providers.signSecurityEvent({ events: { verification: {} }, iss: 'https://evil.example/' }), 'Wrong issuer'],
      ['the issuer without its trailing slash', () => providers.signSecurityEvent({ events: { verification: {} }, iss: platform.sandbox.idp.issuer.slice(0, -1) }), 'Wrong issuer'],
      ['the wrong audience', () => providers.signSecurityEvent({ events: { verification: {} }, aud: 'someone-else' }), 'Wrong audience'],
    ])('refuses %s', async (_label, token, error) => {
      const response = await post(await token());
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    });

    it('refuses an unknown key, refetching the JWKS exactly once (then not again within RISC_KEYS_REFETCH_MS)', async () => {
      await post(await providers.signSecurityEvent({ events: { verification: {} } }));
      await new Promise((resolve) => setTimeout(resolve, REFETCH_MS + 100));
      const before = await providers.jwksFetches();
      const first = await post(await providers.signSecurityEvent({ events: { verification: {} }, unpublishedKey: true }));
      expect(first.status).toBe(400);
      expect(await first.json()).toEqual({ error: 'Unknown signing key' });
      expect(await providers.jwksFetches()).toBe(before + 1);
      const second = await post(await providers.signSecurityEvent({ events: { verification: {} }, unpublishedKey: true }));
      expect(second.status).toBe(400);
      expect(await providers.jwksFetches()).toBe(before + 1);
    });
  });

  describe('replayed jti', () => {
    /** The event acted on, then the user signs in again: a repeat that acted would end the new session. */
    async function actedOnceThenSignedInAgain(user: { sub: string; email: string }, jti: string): Promise<TestClient> {
      await waitFor(() => rowsOf(`SELECT processed_at FROM identity.risc_events WHERE jti = $1`, [jti]), (rows) => rows[0]?.processed_at != null, WITHIN_MS);
      await providers.nextLogin({ sub: user.sub, email: user.email, name: 'Risc' });
      const again = platform.web();
      expect((await providers.signIn(again, '/api/auth/idp')).headers.get('location')).toBe('/dashboard');
      return again.at(platform.gateways[1]!.urls.web);
    }

    it('acknowledges a repeat with 202 and ignores it', async () => {
      const user = await idpUser();
      const jti = randomUUID();
      const jwt = await providers.signSecurityEvent({ events: { 'sessions-revoked': {} }, sub: user.sub, jti });
      expect((await post(jwt)).status).toBe(202);
      const onB = await actedOnceThenSignedInAgain(user, jti);
      const repeat = await post(jwt);
      expect(repeat.status).toBe(202);
      expect(await repeat.text()).toBe('');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await onB.get('/api/keys')).status).toBe(200);
    });

    it('acknowledges 20 concurrent repeats with 202, stores the jti once and acts once', async () => {
      const user = await idpUser();
      const jti = randomUUID();
      const jwt = await providers.signSecurityEvent({ events: { 'sessions-revoked': {} }, sub: user.sub, jti });
      const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await post(jwt)).status));
      expect(statuses).toEqual(Array(20).fill(202));
      expect((await rowsOf(`SELECT count(*)::int AS n FROM identity.risc_events WHERE jti = $1`, [jti]))[0]!.n).toBe(1);
      const onB = await actedOnceThenSignedInAgain(user, jti);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await onB.get('/api/keys')).status).toBe(200);
    });
  });
});
