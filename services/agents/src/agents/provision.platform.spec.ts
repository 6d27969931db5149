import { AGENT_MESSAGES as M, ERROR_CODES } from '@platform/contracts';
import { BEARER, provisionRunning, subscribedUser, TestPlatform, waitForStatus, type TestUser } from '@platform/testing';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ADMIN = 'boss@example.com';

describe('Provisioning', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'], env: { ADMIN_EMAILS: ADMIN } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const configOf = async (agentId: string) => (await platform.backend().get(`/api/agents/${agentId}/config`, BEARER)).body;

  describe('POST /api/agents/provision (web)', () => {
    it('answers 201 in provisioning and the agent runs within the health timeout', async () => {
      const user = await subscribedUser(platform);
      const response = await user.client.post('/api/agents/provision', { name: 'My agent' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        agent: {
          id: expect.any(String),
          name: 'My agent',
          status: 'provisioning',
          websocketUrl: expect.stringMatching(/^wss:\/\/my-agent-[0-9a-f]{8}\.agents\.localhost\/ws$/),
          model: 'claude-opus-4-6',
          createdAt: expect.stringMatching(ISO_DATE),
        },
      });
      const agent = await waitForStatus(platform.backend(), response.body.agent.id, 'running');
      expect(agent).toMatchObject({ plan: 'label', startedAt: expect.stringMatching(ISO_DATE), runtimeVersion: '0.1.0', verified: false });
      expect(await configOf(agent.id)).toMatchObject({ model: 'claude-opus-4-6', aiProvider: 'anthropic', plan: 'label' });
    });

    it('returns 401 without a session', async () => {
      const response = await platform.web().post('/api/agents/provision', { name: 'x' });
      expect(response).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    });

    it('returns 400 when name is missing', async () => {
      const user = await subscribedUser(platform);
      const response = await user.client.post('/api/agents/provision', { model: 'gpt-4' });
      expect(response).toMatchObject({ status: 400, body: { error: M.nameRequired } });
    });

    it('returns 400 for a model outside the options', async () => {
      const user = await subscribedUser(platform);
      const response = await user.client.post('/api/agents/provision', { name: 'x', model: 'gpt-5' });
      expect(response).toMatchObject({ status: 400, body: { error: M.invalidModel } });
    });

    it('returns 400 for a tier outside starter, pro, enterprise', async () => {
      const user = await subscribedUser(platform);
      const response = await user.client.post('/api/agents/provision', { name: 'x', tier: 'gold' });
      expect(response).toMatchObject({ status: 400, body: { error: M.invalidTier } });
    });

    it.each(['inactive', 'past_due', 'canceled'] as const)('returns 402 SUBSCRIPTION_REQUIRED when the subscription is %s', async (status) => {
      const user = await platform.newUser();
      if (status !== 'inactive') await platform.setPlan(user, 'collective', status);
      const response = await user.client.post('/api/agents/provision', { name: 'x' });
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ error: M.subscriptionRequired, code: ERROR_CODES.subscriptionRequired });
      expect((await user.client.get('/api/agents')).body.count).toBe(0);
    });

    it('lets an admin provision without a subscription', async () => {
      const admin = await platform.newUser({ email: ADMIN });
      const response = await admin.client.post('/api/agents/provision', { name: 'Admin agent', tier: 'enterprise' });
      expect(response.status).toBe(201);
      expect(await configOf(response.body.agent.id)).toMatchObject({ plan: 'network' });
    });

    it('returns 429 with current and limit past the starter limit (1)', async () => {
      const user = await subscribedUser(platform, 'solo');
      expect((await user.client.post('/api/agents/provision', { name: 'first' })).status).toBe(201);
      const response = await user.client.post('/api/agents/provision', { name: 'second' });
      expect(response.status).toBe(429);
      expect(response.body).toEqual({ error: M.webLimitReached, current: 1, limit: 1 });
    });

    it('lets only one of two provisions at once through when the limit is 1', async () => {
      const user = await subscribedUser(platform, 'solo');
      const responses = await Promise.all(['racing one', 'racing two'].map((name) => user.client.post('/api/agents/provision', { name })));
      expect(responses.map((response) => response.status).sort()).toEqual([201, 429]);
      expect(responses.find((response) => response.status === 429)!.body).toEqual({ error: M.webLimitReached, current: 1, limit: 1 });
      expect((await user.client.get('/api/agents')).body.count).toBe(1);
    });

    it('allows three on pro and refuses the fourth, whatever limit the body names', async () => {
      const user = await subscribedUser(platform, 'collective');
      for (const name of ['a', 'b', 'c']) {
        expect((await user.client.post('/api/agents/provision', { name, limit: 100, maxAgents: 100 })).status).toBe(201);
      }
      const response = await user.client.post('/api/agents/provision', { name: 'd', limit: 100, maxAgents: 100 });
      expect(response).toMatchObject({ status: 429, body: { current: 3, limit: 3 } });
    });

    it('gives a plan no tier matches the limit of 1', async () => {
      const user = await subscribedUser(platform, 'label');
      expect((await user.client.post('/api/agents/provision', { name: 'one' })).status).toBe(201);
      expect((await user.client.post('/api/agents/provision', { name: 'two' })).body).toEqual({ error: M.webLimitReached, current: 1, limit: 1 });
    });

    it.each([
      ['starter', 'solo'],
      ['pro', 'collective'],
    ] as const)('forwards tier %s as plan %s', async (tier, plan) => {
      const user = await subscribedUser(platform, 'collective');
      const response = await user.client.post('/api/agents/provision', { name: 'tiered', tier });
      expect(response.status).toBe(201);
      expect(await configOf(response.body.agent.id)).toMatchObject({ plan });
    });

    it('returns 402 for a tier above the caller\'s own', async () => {
      const user = await subscribedUser(platform, 'solo');
      const response = await user.client.post('/api/agents/provision', { name: 'x', tier: 'enterprise' });
      expect(response).toMatchObject({ status: 402, body: { error: M.tierNotInPlan, code: ERROR_CODES.planRequired } });
    });

    it('sends models other than claude-opus-4-6 through the configured provider', async () => {
      const user = await subscribedUser(platform);
      const response = await user.client.post('/api/agents/provision', { name: 'gpt', model: 'gpt-4', config: { systemPrompt: 'Be brief.' } });
      expect(await configOf(response.body.agent.id)).toEqual({
        id: response.body.agent.id, plan: 'label', model: 'gpt-4', aiProvider: 'openrouter', config: { systemPrompt: 'Be brief.' },
      });
    });

    it('keeps the reason when the runtime fails its configuration (exit code 78) and does not restart it', async () => {
      const user = await subscribedUser(platform);
      const response = await user.client.post('/api/agents/provision', { name: 'broken', config: { maxHistory: 0 } });
      const agent = await waitForStatus(platform.backend(), response.body.agent.id, 'error');
      expect(agent.statusReason).toBe('Configuration error (exit code 78): Invalid agent config: config.maxHistory must be an integer from 1 to 10000');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await platform.backend().get(`/api/agents/${agent.id}`, BEARER)).body.status).toBe('error');
    });
  });

  describe('GET /api/agents/provision (web)', () => {
    it('lists the caller\'s provisioned agents only', async () => {
      const user = await subscribedUser(platform);
      const other = await subscribedUser(platform);
      const agentId = await provisionRunning(platform, user, { name: 'listed' });
      await other.client.post('/api/agents/provision', { name: 'not mine' });
      const response = await user.client.get('/api/agents/provision');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        agents: [expect.objectContaining({ id: agentId, name: 'listed', status: 'running', model: 'claude-opus-4-6' })],
        count: 1,
      });
    });
  });

  describe('POST /api/deployments (backend)', () => {
    const deploy = (body: Record<string, unknown>) => platform.backend().post('/api/deployments', body, BEARER);

    it('returns 201 with the plan\'s resources and deploys the agent', async () => {
      const user = await platform.newUser();
      const response = await deploy({ userId: user.id, name: 'Deployed', plan: 'collective' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        success: true, agentId: expect.any(String), status: 'provisioning', plan: 'collective', resources: { memory: 4, cpus: 2 },
      });
      await waitForStatus(platform.backend(), response.body.agentId, 'running');
    });

    it('returns 402 AGENT_LIMIT_REACHED past the solo limit (1)', async () => {
      const user = await platform.newUser();
      expect((await deploy({ userId: user.id, name: 'one', plan: 'solo' })).status).toBe(201);
      const response = await deploy({ userId: user.id, name: 'two', plan: 'solo' });
      expect(response.status).toBe(402);
      expect(response.body).toMatchObject({ error: M.backendLimitReached, code: ERROR_CODES.agentLimitReached });
    });

    it('returns 400 without userId and 401 without the bearer key', async () => {
      expect(await deploy({ name: 'x' })).toMatchObject({ status: 400, body: { error: M.userIdRequired } });
      expect((await platform.backend().post('/api/deployments', { userId: 'u', name: 'x' })).status).toBe(401);
    });
  });
});

describe('Provisioning kill switch (PROVISIONING_ENABLED=false)', () => {
  let platform: TestPlatform;
  let user: TestUser;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'], env: { PROVISIONING_ENABLED: 'false' } });
    user = await subscribedUser(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('reports provisioning disabled on GET /health', async () => {
    const response = await platform.backend().get('/health');
    expect(response.body).toMatchObject({ status: 'ok', docker: 'available', provisioning: 'disabled', provider: 'local' });
  });

  it('answers 500 to provision, deployments, start, stop, restart, update and repair (decision 54)', async () => {
    const pending = (await platform.backend().post('/api/agents', { name: 'Pending' }, { ...BEARER, 'x-user-id': user.id })).body.id;
    const refused = { status: 500, body: { error: M.provisioningDisabled } };
    expect(await user.client.post('/api/agents/provision', { name: 'x' })).toMatchObject(refused);
    expect(await platform.backend().post('/api/deployments', { userId: user.id, name: 'x' }, BEARER)).toMatchObject(refused);
    for (const action of ['start', 'stop', 'restart', 'update', 'repair']) {
      expect(await platform.backend().post(`/api/agents/${pending}/${action}`, undefined, BEARER)).toMatchObject(refused);
    }
  });

  it('keeps every other endpoint working', async () => {
    const created = await platform.backend().post('/api/agents', { name: 'Still here' }, { ...BEARER, 'x-user-id': user.id });
    expect(created.status).toBe(201);
    expect((await user.client.get('/api/agents')).body.count).toBeGreaterThan(0);
    expect((await platform.backend().get(`/api/agents/${created.body.id}`, BEARER)).status).toBe(200);
    expect((await user.client.post('/api/heartbeat', { agentId: created.body.id })).status).toBe(200);
  });
});
