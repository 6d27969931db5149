import { AGENT_MESSAGES as M } from '@platform/contracts';
import { BEARER, TestPlatform } from '@platform/testing';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Installations (extended-services 4.4, backend)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['agents'], env: { APP_URL: 'https://app.example.com' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const backend = () => platform.backend();
  const installationOf = async (userId: string) =>
    (await backend().get('/api/installations', BEARER)).body.installations.find((item: { user_id: string }) => item.user_id === userId);

  describe('POST /api/register-home', () => {
    it('registers a home installation: { success, message, dashboardUrl }', async () => {
      const response = await backend().post('/api/register-home', { userId: 'home-user', gatewayToken: 'gw' }, BEARER);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: M.installationRegistered, dashboardUrl: 'https://app.example.com/dashboard' });
      expect(await installationOf('home-user')).toEqual({
        user_id: 'home-user', mode: 'home', registered_at: expect.stringMatching(ISO_DATE), last_seen: expect.stringMatching(ISO_DATE), status: 'active',
      });
    });

    it('keeps a given mode', async () => {
      await backend().post('/api/register-home', { userId: 'cloud-user', mode: 'cloud' }, BEARER);
      expect((await installationOf('cloud-user')).mode).toBe('cloud');
    });

    it('returns 400 userId required, 400 for an unknown mode, 401 without the key', async () => {
      expect(await backend().post('/api/register-home', {}, BEARER)).toMatchObject({ status: 400, body: { error: M.userIdRequired } });
      expect(await backend().post('/api/register-home', { userId: 'x', mode: 'moon' }, BEARER)).toMatchObject({ status: 400, body: { error: M.invalidMode } });
      expect((await backend().post('/api/register-home', { userId: 'x' })).status).toBe(401);
    });
  });

  describe('POST /api/register-link', () => {
    it('registers a link installation with the same response shape', async () => {
      const response = await backend().post('/api/register-link', { userId: 'link-user' }, BEARER);
      expect(response.body).toEqual({ success: true, message: M.installationRegistered, dashboardUrl: 'https://app.example.com/dashboard' });
      expect((await installationOf('link-user')).mode).toBe('link');
    });

    it('returns 400 userId required and 401 without the key', async () => {
      expect(await backend().post('/api/register-link', { gatewayToken: 'x' }, BEARER)).toMatchObject({ status: 400, body: { error: M.userIdRequired } });
      expect((await backend().post('/api/register-link', { userId: 'x' })).status).toBe(401);
    });
  });

  describe('GET /api/installations', () => {
    it('lists { success, count, installations }', async () => {
      const response = await backend().get('/api/installations', BEARER);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, count: response.body.installations.length, installations: expect.any(Array) });
      expect(response.body.count).toBeGreaterThanOrEqual(3);
    });

    it('returns 401 without the key', async () => {
      expect((await backend().get('/api/installations')).status).toBe(401);
    });
  });

  describe('POST /api/heartbeat (installation, no auth)', () => {
    it('updates last seen of a known installation: { success, timestamp }', async () => {
      await backend().post('/api/register-home', { userId: 'beating-home' }, BEARER);
      const before = (await installationOf('beating-home')).last_seen;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await backend().post('/api/heartbeat', { userId: 'beating-home' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, timestamp: expect.stringMatching(ISO_DATE) });
      const after = await installationOf('beating-home');
      expect(after.last_seen).toBe(response.body.timestamp);
      expect(Date.parse(after.last_seen)).toBeGreaterThan(Date.parse(before));
      expect(after.status).toBe('active');
    });

    it('acknowledges an unknown or missing userId without creating anything', async () => {
      expect((await backend().post('/api/heartbeat', { userId: 'nobody' })).body).toEqual({ success: true, timestamp: expect.stringMatching(ISO_DATE) });
      expect((await backend().post('/api/heartbeat', {})).body.success).toBe(true);
      expect(await installationOf('nobody')).toBeUndefined();
    });

    it('acknowledges a userId no installation can have, one with a NUL, instead of failing in the database', async () => {
      const response = await backend().post('/api/heartbeat', { userId: 'beating-home\u0000' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, timestamp: expect.stringMatching(ISO_DATE) });
    });
  });
});
