import pg from 'pg';
import { credentialDigest, SESSION_COOKIE } from '@platform/contracts';
import { TestPlatform } from '@platform/testing';

describe('GET /api/auth/session', () => {
  let platform: TestPlatform;
  let database: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      env: {
        ADMIN_EMAILS: 'ops@example.com, Boss@Example.COM',
        // Every request asks identity, so a session expired in the table is seen at once.
        SESSION_CACHE_TTL_MS: '0',
        SECURE_COOKIES: 'true',
      },
    });
    // The superuser the test database belongs to: it bypasses row-level security.
    database = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await platform?.close();
  });

  it('marks the session cookie Secure when SECURE_COOKIES is on', async () => {
    const client = platform.web();
    await client.post('/api/register', { email: 'secure@example.com', password: 'longenough' });

    const login = await client.post('/api/auth/login', { email: 'secure@example.com', password: 'longenough' });

    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  });

  it('returns 200 with the user, isAdmin false by default', async () => {
    const user = await platform.newUser({ name: 'Linus' });

    const response = await user.client.get('/api/auth/session');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: { id: user.id, name: 'Linus', email: user.email, isAdmin: false } });
  });

  it('returns isAdmin true for an email in ADMIN_EMAILS, compared case-insensitively', async () => {
    const user = await platform.newUser({ email: 'BOSS@example.com' });

    const response = await user.client.get('/api/auth/session');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: { id: user.id, name: 'boss@example.com', email: 'boss@example.com', isAdmin: true } });
  });

  it('returns 200 with user null without a cookie', async () => {
    const response = await platform.web().get('/api/auth/session');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: null });
  });

  it('returns 200 with user null for a garbage cookie', async () => {
    const client = platform.web();
    client.setCookie(SESSION_COOKIE, 'garbage');

    const response = await client.get('/api/auth/session');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: null });
  });

  it('returns 200 with user null once the session has expired', async () => {
    const user = await platform.newUser();
    expect((await user.client.get('/api/auth/session')).body.user).toMatchObject({ id: user.id });
    const expired = await database.query(
      `UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE token_digest = $1`,
      [credentialDigest(user.client.cookie(SESSION_COOKIE)!)],
    );
    expect(expired.rowCount).toBe(1);

    const response = await user.client.get('/api/auth/session');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: null });
  });

  it('stores a session that expires 30 days after login', async () => {
    const before = Date.now();
    const user = await platform.newUser();

    const { rows } = await database.query('SELECT expires_at FROM identity.sessions WHERE token_digest = $1', [
      credentialDigest(user.client.cookie(SESSION_COOKIE)!),
    ]);

    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    expect((rows[0].expires_at as Date).getTime()).toBeGreaterThanOrEqual(before + thirtyDays - 1000);
    expect((rows[0].expires_at as Date).getTime()).toBeLessThanOrEqual(Date.now() + thirtyDays + 1000);
  });
});
