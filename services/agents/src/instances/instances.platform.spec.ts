import { AGENT_MESSAGES as M, ERROR_CODES } from '@platform/contracts';
import { BEARER, provisionRunning, subscribedUser, TestPlatform, type TestUser } from '@platform/testing';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Agent runtime instances and the instance proxy', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let agentId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'] });
    owner = await subscribedUser(platform, 'collective');
    agentId = await provisionRunning(platform, owner);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  const tokenOf = async (id: string) => (await platform.backend().get(`/api/agents/${id}/token`, BEARER)).body.token as string;

  describe('GET /api/agent-runtime/instances', () => {
    it('lists every runtime the provider runs with its process, port, status, start and resources', async () => {
      const response = await platform.backend().get('/api/agent-runtime/instances', BEARER);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ provider: 'local', count: response.body.instances.length });
      expect(response.body.instances).toContainEqual({
        agentId,
        pid: expect.any(Number),
        machineId: null,
        port: expect.any(Number),
        status: 'running',
        exitCode: null,
        startedAt: expect.stringMatching(ISO_DATE),
        // No tier: the backend default plan, label (8 GB, 4 CPUs).
        resources: { memory: 8, cpus: 4 },
      });
    });

    it('returns 401 without the bearer key', async () => {
      expect((await platform.backend().get('/api/agent-runtime/instances')).status).toBe(401);
    });
  });

  describe('GET /api/instance/:userId', () => {
    it("returns the owner's runtime health, the platform adding the token", async () => {
      const response = await owner.client.get(`/api/instance/${owner.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ agentId, status: 'ok', version: '0.1.0', uptimeMs: expect.any(Number), memoryBytes: expect.any(Number) });
    });

    it('never hands the gateway token to the browser', async () => {
      const token = await tokenOf(agentId);
      for (const path of [`/api/instance/${owner.id}`, `/api/instance/${owner.id}/stats`]) {
        const response = await owner.client.get(path);
        expect(response.status).toBe(200);
        expect(JSON.stringify(response.body)).not.toContain(token);
        expect(JSON.stringify([...response.headers])).not.toContain(token);
      }
    });

    it("GET /stats returns the runtime's counters", async () => {
      const response = await owner.client.get(`/api/instance/${owner.id}/stats`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ agentId, memoryEntries: expect.any(Number), uptimeMs: expect.any(Number) });
    });

    it('picks the agent named by ?agentId=, and 404 for one the user does not own', async () => {
      const other = await subscribedUser(platform, 'solo');
      const foreign = (await other.client.post('/api/agents/provision', { name: 'Foreign' })).body.agent.id as string;
      expect((await owner.client.get(`/api/instance/${owner.id}?agentId=${agentId}`)).body.agentId).toBe(agentId);
      expect(await owner.client.get(`/api/instance/${owner.id}?agentId=${foreign}`)).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
    });

    it("returns 403 for another user's instance", async () => {
      const stranger = await platform.newUser();
      for (const path of [`/api/instance/${owner.id}`, `/api/instance/${owner.id}/stats`]) {
        expect(await stranger.client.get(path)).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
      }
    });

    it('returns 404 when the user has no running agent', async () => {
      const idle = await platform.newUser();
      expect(await idle.client.get(`/api/instance/${idle.id}`)).toMatchObject({ status: 404, body: { error: M.noRunningAgent } });
    });

    it('returns 401 without a session', async () => {
      expect((await platform.web().get(`/api/instance/${owner.id}`)).status).toBe(401);
    });

    it('allows 30 a minute, then 429', async () => {
      const caller = await platform.newUser();
      const statuses = [];
      for (let call = 0; call < 31; call += 1) statuses.push((await caller.client.get(`/api/instance/${caller.id}`)).status);
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('POST /api/provision (legacy path)', () => {
    it('provisions like POST /api/agents/provision: 201 with the same answer', async () => {
      const user = await subscribedUser(platform, 'solo');
      const response = await user.client.post('/api/provision', { name: 'Legacy', model: 'gpt-4' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        agent: {
          id: expect.any(String), name: 'Legacy', status: 'provisioning', model: 'gpt-4',
          websocketUrl: expect.stringMatching(/^wss:\/\/legacy-[0-9a-f]{8}\.agents\.localhost\/ws$/), createdAt: expect.stringMatching(ISO_DATE),
        },
      });
    });

    it('keeps the same rules: 400 without a name, 402 without a subscription, 429 past the tier limit', async () => {
      const unpaid = await platform.newUser();
      expect(await unpaid.client.post('/api/provision', {})).toMatchObject({ status: 400, body: { error: M.nameRequired } });
      expect(await unpaid.client.post('/api/provision', { name: 'x' }))
        .toMatchObject({ status: 402, body: { error: M.subscriptionRequired, code: ERROR_CODES.subscriptionRequired } });
      const solo = await subscribedUser(platform, 'solo');
      expect((await solo.client.post('/api/agents/provision', { name: 'first' })).status).toBe(201);
      expect(await solo.client.post('/api/provision', { name: 'second' })).toMatchObject({ status: 429, body: { error: M.webLimitReached, current: 1, limit: 1 } });
    });

    it('allows 5 a minute, then 429', async () => {
      const user = await platform.newUser();
      const statuses = [];
      for (let call = 0; call < 6; call += 1) statuses.push((await user.client.post('/api/provision', {})).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });
  });
});
