import { TestPlatform } from '@platform/testing';
import { BEARER, subscribedUser, waitForStatus } from '../testing/agent-fixtures.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /api/agents/provision (web)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['agents'] });
  });

  afterAll(async () => {
    await platform?.close();
  });

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
    const health = await fetch(`${(await platform.backend().get(`/api/agents/${agent.id}/stats`, BEARER)).body.status === 'running' ? '' : ''}`).catch(() => null);
    expect(health).toBeNull();
  });
});
