import { IDENTITY_MESSAGES as M } from '@platform/contracts';
import { TestPlatform, type TestClient, type TestUser } from '@platform/testing';

describe('account routes (default gateway credential cache)', () => {
  let platform: TestPlatform;

  const signIn = async (email: string, password: string): Promise<{ status: number; client: TestClient }> => {
    const client = platform.web();
    return { status: (await client.post('/api/auth/login', { email, password })).status, client };
  };

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('GET /api/user', () => {
    it('returns 200 with the signed-in user', async () => {
      const user = await platform.newUser({ name: 'Ada' });

      const response = await user.client.get('/api/user');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        user: {
          id: user.id,
          name: 'Ada',
          email: user.email,
          isAdmin: false,
          plan: 'free',
          subscriptionStatus: 'inactive',
          referralCode: expect.stringMatching(/^[0-9A-Z]{8}$/),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      });
    });

    it('returns 401 without a session', async () => {
      const response = await platform.web().get('/api/user');

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });

  describe.each(['POST', 'PATCH'] as const)('%s /api/user', (method) => {
    let user: TestUser;

    beforeAll(async () => {
      user = await platform.newUser({ name: 'Before' });
    });

    const update = (client: TestClient, body: unknown) =>
      method === 'POST' ? client.post('/api/user', body) : client.patch('/api/user', body);

    it('returns 200 with the new name, which the session view then shows', async () => {
      // Resolved once first, so the gateway caches the old name: the update must not leave it there.
      expect((await user.client.get('/api/auth/session')).body.user.name).toBe('Before');

      const response = await update(user.client, { name: `  Renamed by ${method}  ` });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ user: expect.objectContaining({ id: user.id, name: `Renamed by ${method}`, email: user.email }) });
      expect((await user.client.get('/api/auth/session')).body).toEqual({
        user: { id: user.id, name: `Renamed by ${method}`, email: user.email, isAdmin: false },
      });
      expect((await user.client.get('/api/user')).body.user.name).toBe(`Renamed by ${method}`);
    });

    it.each([
      ['an empty name', { name: '' }],
      ['a blank name', { name: '   ' }],
      ['no name', {}],
      ['a name longer than 100 characters', { name: 'n'.repeat(101) }],
    ])('returns 400 for %s and keeps the old one', async (_case, body) => {
      const before = (await user.client.get('/api/user')).body.user.name as string;

      const response = await update(user.client, body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.profileNameInvalid });
      expect((await user.client.get('/api/user')).body.user.name).toBe(before);
    });

    it('returns 401 without a session', async () => {
      const response = await update(platform.web(), { name: 'Nobody' });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });

  describe('POST /api/user/password', () => {
    it('returns 200; the old password stops working, the new one works', async () => {
      const user = await platform.newUser();

      const response = await user.client.post('/api/user/password', { currentPassword: user.password, newPassword: 'a brand new secret' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      const old = await platform.web().post('/api/auth/login', { email: user.email, password: user.password });
      expect(old.status).toBe(401);
      expect(old.body).toEqual({ error: M.invalidCredentials });
      const fresh = await platform.web().post('/api/auth/login', { email: user.email, password: 'a brand new secret' });
      expect(fresh.status).toBe(200);
      expect(fresh.body).toEqual({ ok: true, user: { id: user.id, name: user.email } });
    });

    it("ends the user's other sessions and keeps the current one", async () => {
      const user = await platform.newUser();
      const { status, client: other } = await signIn(user.email, user.password);
      expect(status).toBe(200);
      // Both resolved once, so both sit in the gateway's cache when the password changes.
      expect((await other.get('/api/auth/session')).body.user).toMatchObject({ id: user.id });
      expect((await user.client.get('/api/auth/session')).body.user).toMatchObject({ id: user.id });

      const response = await user.client.post('/api/user/password', { currentPassword: user.password, newPassword: 'a brand new secret' });

      expect(response.status).toBe(200);
      expect((await other.get('/api/auth/session')).body).toEqual({ user: null });
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await user.client.get('/api/auth/session')).body).toEqual({
        user: { id: user.id, name: user.email, email: user.email, isAdmin: false },
      });
    });

    it('returns 400 when the current password is wrong, and keeps the password', async () => {
      const user = await platform.newUser();

      const response = await user.client.post('/api/user/password', { currentPassword: 'not my password', newPassword: 'a brand new secret' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.currentPasswordWrong });
      expect((await signIn(user.email, user.password)).status).toBe(200);
      expect((await signIn(user.email, 'a brand new secret')).status).toBe(401);
    });

    it('returns 400 when the new password is shorter than 8 characters, and keeps the password', async () => {
      const user = await platform.newUser();

      const response = await user.client.post('/api/user/password', { currentPassword: user.password, newPassword: 'short' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.passwordTooShort });
      expect((await signIn(user.email, user.password)).status).toBe(200);
    });

    it('returns 400 when the current password is missing', async () => {
      const user = await platform.newUser();

      const response = await user.client.post('/api/user/password', { newPassword: 'a brand new secret' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.currentPasswordRequired });
    });

    it('returns 401 without a session', async () => {
      const response = await platform.web().post('/api/user/password', { currentPassword: 'whatever1', newPassword: 'whatever2' });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });
});
