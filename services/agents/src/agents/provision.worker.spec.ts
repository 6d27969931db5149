import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { loadEnv } from '@platform/config';
import { ApiError } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import { AgentsEnv } from '../agents.env.js';
import { HostingProvider, type DeployedRuntime, type RuntimeInspection, type RuntimeSpec } from '../hosting/hosting.provider.js';
import type { InstalledSkills } from '../skills/installed-skills.js';
import type { AgentEntity } from './agent.entity.js';
import type { AgentLifecycle } from './agent-lifecycle.service.js';
import { ProvisionWorker } from './provision.worker.js';

const AGENT_ID = '00000000-0000-4000-8000-000000000001';
const RUNTIME_URL = 'http://127.0.0.1:1';

/** A provider whose deploy and inspect each test sets; everything else is a harmless stub. */
class FakeHosting extends HostingProvider {
  readonly name = 'fake';
  deploy = jest.fn<(spec: RuntimeSpec) => Promise<DeployedRuntime>>();
  inspect = jest.fn<(agentId: string) => Promise<RuntimeInspection>>();
  stop = jest.fn<(agentId: string) => Promise<void>>(async () => undefined);
  destroy = jest.fn<(agentId: string) => Promise<void>>(async () => undefined);
  restart = jest.fn<(agentId: string) => Promise<DeployedRuntime>>();
  reachable = async () => true;
  ensure = async () => ({ runtimeUrl: RUNTIME_URL, adopted: false });
  start = jest.fn<(agentId: string) => Promise<DeployedRuntime>>(async () => ({ runtimeUrl: RUNTIME_URL }));
  suspend = jest.fn<(agentId: string) => Promise<void>>(async () => undefined);
  agentIds = async () => [];
  instances = async () => [];
  copyMemory = async () => undefined;
  workspace = () => null;
  workspacesRoot = () => null;
}

describe('ProvisionWorker', () => {
  let hosting: FakeHosting;
  let find: jest.Mock<(scope: unknown, id: string) => Promise<AgentEntity>>;
  let tryTransition: jest.Mock<(id: string, action: string, changes?: unknown) => Promise<AgentEntity | null>>;
  let installed: jest.Mock<(agentId: string) => Promise<string[]>>;
  let sut: ProvisionWorker;

  const agent = { id: AGENT_ID, userId: 'owner', plan: 'solo', model: 'gpt-4', config: {}, gatewayToken: 'token', status: 'provisioning' } as unknown as AgentEntity;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    hosting = new FakeHosting();
    hosting.inspect.mockResolvedValue({ state: 'stopped', runtimeUrl: null });
    find = jest.fn<(scope: unknown, id: string) => Promise<AgentEntity>>(async () => agent);
    tryTransition = jest.fn<(id: string, action: string, changes?: unknown) => Promise<AgentEntity | null>>(async () => agent);
    installed = jest.fn<(agentId: string) => Promise<string[]>>(async () => []);
    const env = loadEnv(AgentsEnv, { DEPLOY_TIMEOUT_MS: '50', HEALTH_TIMEOUT_MS: '50', HEALTH_POLL_INTERVAL_MS: '10' });
    sut = new ProvisionWorker({} as QueueFactory, { find, tryTransition } as unknown as AgentLifecycle, hosting, { ofAgent: installed } as unknown as InstalledSkills, env);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('deploys the runtime from the stored settings and the installed skills, never a skills key the row holds', async () => {
    find.mockResolvedValue({ ...agent, config: { tone: 'dry', skills: ['not-installed'] } } as AgentEntity);
    installed.mockResolvedValue(['event-ticketing', 'venue-finder']);
    hosting.deploy.mockResolvedValue({ runtimeUrl: RUNTIME_URL });
    hosting.inspect.mockResolvedValue({ state: 'healthy', runtimeUrl: RUNTIME_URL });

    await sut.run(AGENT_ID);

    expect(installed).toHaveBeenCalledWith(AGENT_ID);
    expect(hosting.deploy.mock.calls[0]![0].config).toEqual({ tone: 'dry', skills: ['event-ticketing', 'venue-finder'] });
  });

  it('fails the agent with "Deployment timed out" when the deploy never answers, and stops what it may have started', async () => {
    hosting.deploy.mockReturnValue(new Promise(() => undefined));

    await sut.run(AGENT_ID);

    expect(tryTransition).toHaveBeenCalledTimes(1);
    expect(tryTransition).toHaveBeenCalledWith(AGENT_ID, 'fail', { reason: 'Deployment timed out after 0.05 s' });
    expect(hosting.stop).toHaveBeenCalledWith(AGENT_ID);
  });

  it('fails the agent with "Runtime not healthy after" when the runtime stays starting', async () => {
    hosting.deploy.mockResolvedValue({ runtimeUrl: RUNTIME_URL });
    hosting.inspect.mockResolvedValue({ state: 'starting', runtimeUrl: RUNTIME_URL });

    await sut.run(AGENT_ID);

    expect(hosting.inspect).toHaveBeenCalled();
    expect(tryTransition).toHaveBeenCalledTimes(1);
    expect(tryTransition).toHaveBeenCalledWith(AGENT_ID, 'fail', { reason: 'Runtime not healthy after 0.05 s' });
    expect(hosting.stop).toHaveBeenCalledWith(AGENT_ID);
  });

  it('resumes the suspended runtime of a provisioning agent through the provider\'s start instead of a new deploy', async () => {
    hosting.inspect.mockResolvedValueOnce({ state: 'suspended', runtimeUrl: RUNTIME_URL }).mockResolvedValue({ state: 'healthy', runtimeUrl: RUNTIME_URL });

    await sut.run(AGENT_ID);

    expect(hosting.start).toHaveBeenCalledWith(AGENT_ID);
    expect(hosting.deploy).not.toHaveBeenCalled();
    expect(tryTransition).toHaveBeenCalledWith(AGENT_ID, 'ready', { runtimeUrl: RUNTIME_URL, startedAt: expect.any(Date) });
  });

  it('stops waiting when the agent is suspended meanwhile, pauses the runtime it made and does not make the agent running', async () => {
    find.mockResolvedValueOnce(agent).mockResolvedValue({ ...agent, status: 'suspended' } as AgentEntity);
    hosting.deploy.mockResolvedValue({ runtimeUrl: RUNTIME_URL });

    await sut.run(AGENT_ID);

    expect(hosting.suspend).toHaveBeenCalledWith(AGENT_ID);
    expect(hosting.inspect).toHaveBeenCalledTimes(1);
    expect(tryTransition).not.toHaveBeenCalled();
  });

  it('does nothing for an agent that is gone', async () => {
    find.mockRejectedValue(new ApiError(404, 'Agent not found'));

    await sut.run(AGENT_ID);

    expect(hosting.deploy).not.toHaveBeenCalled();
    expect(tryTransition).not.toHaveBeenCalled();
  });

  it('throws, so BullMQ retries, when the agent cannot be read', async () => {
    find.mockRejectedValue(new Error('connection refused'));

    await expect(sut.run(AGENT_ID)).rejects.toThrow('connection refused');
    expect(hosting.deploy).not.toHaveBeenCalled();
    expect(tryTransition).not.toHaveBeenCalled();
  });
});
