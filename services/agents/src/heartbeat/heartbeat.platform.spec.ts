import { AGENT_MESSAGES as M } from '@platform/contracts';
import { BEARER, TestPlatform, type TestUser } from '@platform/testing';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HOUR = 3_600_000;

describe('Heartbeat settings (platform-core 4.11, web)', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let stranger: TestUser;
  let agentId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['agents'] });
    owner = await platform.newUser();
    stranger = await platform.newUser();
    agentId = (await platform.backend().post('/api/agents', { name: 'Beating' }, { ...BEARER, 'x-user-id': owner.id })).body.id;
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('GET /api/heartbeat', () => {
    it('returns the defaults when nothing is saved: 3h, enabled, null timestamps', async () => {
      const response = await owner.client.get(`/api/heartbeat?agentId=${agentId}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ heartbeat: { frequency: '3h', enabled: true, lastHeartbeat: null, nextHeartbeat: null } });
    });

    it('returns 400 agentId required without agentId', async () => {
      expect(await owner.client.get('/api/heartbeat')).toMatchObject({ status: 400, body: { error: M.agentIdRequired } });
    });

    it('returns 401 without a session', async () => {
      expect((await platform.web().get(`/api/heartbeat?agentId=${agentId}`)).status).toBe(401);
    });
  });

  describe('POST /api/heartbeat', () => {
    it('saves with defaults: 3h, enabled, next = now + 3h', async () => {
      const before = Date.now();
      const response = await owner.client.post('/api/heartbeat', { agentId });
      expect(response.status).toBe(200);
      const { heartbeat } = response.body;
      expect(heartbeat).toEqual({
        frequency: '3h', enabled: true,
        lastHeartbeat: expect.stringMatching(ISO_DATE), nextHeartbeat: expect.stringMatching(ISO_DATE), lastUpdated: heartbeat.lastHeartbeat,
      });
      expect(Date.parse(heartbeat.nextHeartbeat) - Date.parse(heartbeat.lastHeartbeat)).toBe(3 * HOUR);
      expect(Date.parse(heartbeat.lastHeartbeat)).toBeGreaterThanOrEqual(before - 1000);
    });

    it.each([['15m', 15 * 60_000], ['2h', 2 * HOUR], ['1d', 24 * HOUR]])('accepts frequency %s and computes the next heartbeat', async (frequency, ms) => {
      const { heartbeat } = (await owner.client.post('/api/heartbeat', { agentId, frequency })).body;
      expect(heartbeat.frequency).toBe(frequency);
      expect(Date.parse(heartbeat.nextHeartbeat) - Date.parse(heartbeat.lastHeartbeat)).toBe(ms);
      expect((await owner.client.get(`/api/heartbeat?agentId=${agentId}`)).body.heartbeat).toEqual({
        frequency, enabled: true, lastHeartbeat: heartbeat.lastHeartbeat, nextHeartbeat: heartbeat.nextHeartbeat,
      });
    });

    it('saves enabled false with no next heartbeat', async () => {
      const { heartbeat } = (await owner.client.post('/api/heartbeat', { agentId, frequency: '1h', enabled: false })).body;
      expect(heartbeat).toMatchObject({ frequency: '1h', enabled: false, nextHeartbeat: null });
    });

    it.each(['3', 'h', '0h', '3w', '1.5h', '-1m', 3])('returns 400 for frequency %p', async (frequency) => {
      expect(await owner.client.post('/api/heartbeat', { agentId, frequency })).toMatchObject({ status: 400, body: { error: M.invalidFrequency } });
    });

    it('returns 400 for a non-boolean enabled', async () => {
      expect(await owner.client.post('/api/heartbeat', { agentId, enabled: 'yes' })).toMatchObject({ status: 400, body: { error: M.enabledBoolean } });
    });

    it('returns 400 agentId required without agentId', async () => {
      expect(await owner.client.post('/api/heartbeat', { frequency: '1h' })).toMatchObject({ status: 400, body: { error: M.agentIdRequired } });
    });

    it('returns 404 for another user\'s agent and for an unknown one', async () => {
      expect(await stranger.client.post('/api/heartbeat', { agentId })).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
      expect((await owner.client.post('/api/heartbeat', { agentId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    });

    it('returns 401 without a session', async () => {
      expect((await platform.web().post('/api/heartbeat', { agentId })).status).toBe(401);
    });
  });

  describe('DELETE /api/heartbeat', () => {
    it('removes the settings: { success: true }, defaults again', async () => {
      await owner.client.post('/api/heartbeat', { agentId, frequency: '5m' });
      expect(await owner.client.delete('/api/heartbeat', { agentId })).toMatchObject({ status: 200, body: { success: true } });
      expect((await owner.client.get(`/api/heartbeat?agentId=${agentId}`)).body.heartbeat).toMatchObject({ frequency: '3h', lastHeartbeat: null });
    });

    it('does not touch another user\'s settings', async () => {
      await owner.client.post('/api/heartbeat', { agentId, frequency: '7m' });
      expect(await stranger.client.delete('/api/heartbeat', { agentId })).toMatchObject({ status: 200, body: { success: true } });
      expect((await owner.client.get(`/api/heartbeat?agentId=${agentId}`)).body.heartbeat.frequency).toBe('7m');
    });

    it('returns 400 agentId required and 401 without a session', async () => {
      expect(await owner.client.delete('/api/heartbeat', {})).toMatchObject({ status: 400, body: { error: M.agentIdRequired } });
      expect((await platform.web().delete('/api/heartbeat', { agentId })).status).toBe(401);
    });
  });
});
