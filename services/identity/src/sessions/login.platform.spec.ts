import { IDENTITY_MESSAGES as M, SESSION_COOKIE } from '@platform/contracts';
import { TestPlatform, type TestClient, type TestUser } from '@platform/testing';

/** The session cookie as sent by a client that signed in earlier: lets a test replay a token after signout. */
const withSessionCookie = (platform: TestPlatform, token: string): TestClient => {
  const client = platform.web();
  client.setCookie(SESSION_COOKIE, token);
  return client;
};

describe('sessions (default gateway credential cache)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('POST /api/auth/login', () => {
    let user: TestUser;

    beforeAll(async () => {
      user = await platform.newUser({ name: 'Grace Hopper' });
    });

    it('returns 200 with ok and the user, and sets the session cookie (HttpOnly, SameSite=Lax, Path=/, 30 days)', async () => {
      const client = platform.web();
      const response = await client.post('/api/auth/login', { email: user.email, password: user.password });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, user: { id: user.id, name: 'Grace Hopper' } });
      const cookies = response.headers.getSetCookie();
      expect(cookies).toHaveLength(1);
      const [pair, ...attributes] = cookies[0]!.split(';').map((part) => part.trim());
      expect(pair).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{40,}$`));
      expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=2592000']));
      const session = await client.get('/api/auth/session');
      expect(session.body).toEqual({ user: { id: user.id, name: 'Grace Hopper', email: user.email, isAdmin: false } });
    });

    it('treats the email case-insensitively', async () => {
      const client = platform.web();
      const response = await client.post('/api/auth/login', { email: `  ${user.email.toUpperCase()}`, password: user.password });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, user: { id: user.id, name: 'Grace Hopper' } });
      expect(client.cookie(SESSION_COOKIE)).toBeDefined();
    });

    it.each([
      ['email', { password: 'correct horse battery' }],
      ['password', { email: 'someone@example.com' }],
      ['email (empty string)', { email: '', password: 'correct horse battery' }],
    ])('returns 400 when the %s is missing', async (_field, body) => {
      const response = await platform.web().post('/api/auth/login', body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.credentialsRequired });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('returns 401 for a wrong password', async () => {
      const response = await platform.web().post('/api/auth/login', { email: user.email, password: 'not the password' });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidCredentials });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('returns 401 for an unknown email, with the same body', async () => {
      const response = await platform.web().post('/api/auth/login', { email: 'nobody@example.com', password: user.password });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidCredentials });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('creates a new session on each login: two logins give two different cookies, both valid', async () => {
      const first = platform.web();
      const second = platform.web();
      expect((await first.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
      expect((await second.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);

      expect(first.cookie(SESSION_COOKIE)).not.toBe(second.cookie(SESSION_COOKIE));
      for (const client of [first, second]) {
        const session = await client.get('/api/auth/session');
        expect(session.status).toBe(200);
        expect(session.body).toEqual({ user: { id: user.id, name: 'Grace Hopper', email: user.email, isAdmin: false } });
      }
    });
  });

  describe('POST /api/auth/signout', () => {
    it('returns 200 with ok, clears the cookie and ends the session', async () => {
      const user = await platform.newUser();
      const token = user.client.cookie(SESSION_COOKIE)!;
      // Resolved once first, so the gateway holds it in its cache: signout must not leave it there.
      expect((await user.client.get('/api/auth/session')).body.user).toMatchObject({ id: user.id });

      const response = await user.client.post('/api/auth/signout');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      const [cleared] = response.headers.getSetCookie();
      expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(cleared).toMatch(/Max-Age=0/);
      const replayed = await withSessionCookie(platform, token).get('/api/auth/session');
      expect(replayed.status).toBe(200);
      expect(replayed.body).toEqual({ user: null });
      expect((await withSessionCookie(platform, token).get('/api/user')).status).toBe(401);
    });

    it('ends only the session it was sent with', async () => {
      const user = await platform.newUser();
      const other = platform.web();
      expect((await other.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
      expect((await other.get('/api/auth/session')).body.user).toMatchObject({ id: user.id });

      expect((await user.client.post('/api/auth/signout')).status).toBe(200);

      const session = await other.get('/api/auth/session');
      expect(session.body).toEqual({ user: { id: user.id, name: user.email, email: user.email, isAdmin: false } });
    });

    it('returns 200 with ok without any session', async () => {
      const response = await platform.web().post('/api/auth/signout');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('returns 200 with ok for a cookie that names no session', async () => {
      const response = await withSessionCookie(platform, 'not-a-session').post('/api/auth/signout');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    });
  });
});
