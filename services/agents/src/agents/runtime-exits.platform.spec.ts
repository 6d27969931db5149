import { BEARER, ownerQuery, provisionRunning, subscribedUser, TestPlatform, waitFor, type TestUser } from '@platform/testing';

/** A runtime that ends on its own, with no watchdog running: the agents service marks it, never restarts it. */
describe('a runtime that ends on its own', () => {
  let platform: TestPlatform;
  let owner: TestUser;

  const agentOf = async (agentId: string) => (await platform.backend().get(`/api/agents/${agentId}`, BEARER)).body as { status: string; statusReason?: string };
  const pidOf = async (agentId: string) =>
    (await ownerQuery<{ pid: number }>(platform.env, 'SELECT pid FROM agents.local_runtimes WHERE agent_id = $1', [agentId]))[0]!.pid;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'] });
    owner = await subscribedUser(platform, 'network');
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('makes the agent degraded at once with the signal as the reason, and starts no new process', async () => {
    const agentId = await provisionRunning(platform, owner);
    const pid = await pidOf(agentId);
    process.kill(pid, 'SIGKILL');
    const agent = await waitFor(() => agentOf(agentId), (current) => current.status !== 'running', 5000);
    expect(agent).toMatchObject({ status: 'degraded', statusReason: 'Runtime exited on SIGKILL' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await pidOf(agentId)).toBe(pid);
    expect((await agentOf(agentId)).status).toBe('degraded');
    const stats = await owner.client.get(`/api/agents/${agentId}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ agentId, status: 'degraded', live: false });
  });

  it('also notices the end of a runtime adopted after a restart of the agents service', async () => {
    const agentId = await provisionRunning(platform, owner);
    await platform.restartService('agents');
    process.kill(await pidOf(agentId), 'SIGKILL');
    const agent = await waitFor(() => agentOf(agentId), (current) => current.status !== 'running', 5000);
    expect(agent).toMatchObject({ status: 'degraded', statusReason: 'Runtime exited' });
  });

  it('changes nothing when the platform itself stops the runtime', async () => {
    const agentId = await provisionRunning(platform, owner);
    expect((await owner.client.post(`/api/agents/${agentId}/stop`)).status).toBe(200);
    const agent = await waitFor(() => agentOf(agentId), (current) => current.status === 'stopped', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await agentOf(agentId)).status).toBe(agent.status);
  });
});
