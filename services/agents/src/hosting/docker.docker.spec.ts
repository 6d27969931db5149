import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import {
  BEARER, hostRuntimeAnswersAs, isEnginesFigure, memoryReadings, ownerQuery, provisionRunning, startContainerHosting, statusesUntil, subscribedUser, waitFor, waitForStatus,
  type TestPlatform, type TestUser,
} from '@platform/testing';
import { engineOptions } from './docker-engine.js';
import { RUNTIME_LABELS, runtimeName, scopeFilter, volumeName } from './runtime-labels.js';

const GIB = 1024 ** 3;
/** The smallest plan (solo, the starter tier's): 2 GiB and one CPU, the limits the cgroup must show. */
const SOLO = { tier: 'starter' } as const;

/**
 * The docker adapter against the machine's engine and the platform image (npm test's docker phase
 * builds it): agents run as containers with their plan's limits, the engine's exits reach the
 * watchdog, and the service adopts what runs after a restart. Agents are few and on the smallest plan:
 * the machine is shared.
 */
describe('docker hosting provider', () => {
  const engine = new Docker(engineOptions(process.env.DOCKER_HOST ?? ''));
  const scope = `t${randomBytes(5).toString('hex')}`;
  let platform: TestPlatform;
  let owner: TestUser;
  let agentId: string;

  const containerOf = (id: string) => engine.getContainer(runtimeName(scope, id)).inspect();
  const containersOf = (id: string) =>
    engine.listContainers({ all: true, filters: { label: [...scopeFilter(scope), `${RUNTIME_LABELS.agent}=${id}`] } });
  const agentOf = async (id: string) => (await platform.backend().get(`/api/agents/${id}`, BEARER)).body as { status: string; statusReason?: string };

  /** The engine's events of one container from `since` (seconds) until now. */
  async function engineEvents(since: number, containerId: string): Promise<Array<{ Action: string; Actor: { Attributes: Record<string, string> } }>> {
    const stream = await engine.getEvents({ since, until: Math.ceil(Date.now() / 1000), filters: { container: [containerId] } });
    let text = '';
    for await (const chunk of stream as AsyncIterable<Buffer>) text += chunk.toString('utf8');
    return text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  }

  const passedStatuses = (id: string, done: (status: string) => boolean, seen?: string[]) => statusesUntil(platform.backend(), id, done, seen, 60_000);

  /** `end` ends the container outside the platform: degraded at once, repaired by the watchdog into a new container. */
  async function endAndAwaitRepair(id: string, end: (containerId: string) => Promise<unknown>): Promise<{ seen: string[]; reason?: string }> {
    const { Id: endedId } = await containerOf(id);
    const ended = passedStatuses(id, (status) => status !== 'running');
    await end(endedId);
    const seen = await ended;
    const { statusReason: reason } = await agentOf(id);
    await passedStatuses(id, (status) => status === 'running' || status === 'error', seen);
    const fresh = await containerOf(id);
    expect(fresh.Id).not.toBe(endedId);
    expect(fresh.State.Running).toBe(true);
    expect(await containersOf(id)).toHaveLength(1);
    return { seen, reason };
  }

  beforeAll(async () => {
    platform = await startContainerHosting('docker', scope);
    owner = await subscribedUser(platform, 'network');
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('runs a provisioned agent in one container with the plan\'s memory and CPUs as cgroup limits, restart policy no', async () => {
    agentId = await provisionRunning(platform, owner, { name: 'Boxed', ...SOLO });

    const container = await containerOf(agentId);
    expect(container.State.Running).toBe(true);
    expect(container.HostConfig).toMatchObject({ Memory: 2 * GIB, MemorySwap: 2 * GIB, NanoCpus: 1e9, RestartPolicy: { Name: 'no' } });
    expect(container.Config.Labels).toMatchObject({ [RUNTIME_LABELS.scope]: scope, [RUNTIME_LABELS.agent]: agentId, [RUNTIME_LABELS.owner]: owner.id });
    expect(container.Mounts).toEqual([expect.objectContaining({ Type: 'volume', Name: volumeName(scope, agentId), Destination: '/data' })]);
    expect(await hostRuntimeAnswersAs(container.Config.Labels[RUNTIME_LABELS.port]!)).toBe(agentId);
    expect((await platform.backend().get('/health')).body).toMatchObject({ docker: 'available', provider: 'docker' });
  });

  it('lists the container as the runtime instance, and shows the engine\'s memory figure, not the process\'s own, to its owner and the watchdog', async () => {
    const container = await containerOf(agentId);
    const instances = (await platform.backend().get('/api/agent-runtime/instances', BEARER)).body;
    expect(instances).toMatchObject({ provider: 'docker', count: 1 });
    expect(instances.instances[0]).toMatchObject({ agentId, machineId: container.Id, pid: null, status: 'running', resources: { memory: 2, cpus: 1 } });

    const readings = () => memoryReadings(engine, container.Id, container.Config.Labels[RUNTIME_LABELS.port]!);

    const health = await owner.client.get(`/api/instance/${owner.id}?agentId=${agentId}`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ agentId, memoryLimitBytes: 2 * GIB, cpuPercent: expect.any(Number) });
    expect(isEnginesFigure(health.body.memoryBytes, await readings())).toBe(true);

    const [sample] = await waitFor(
      () => ownerQuery<{ memory_bytes: string; memory_limit_bytes: string }>(platform.env,
        'SELECT memory_bytes, memory_limit_bytes FROM watchdog.container_metrics WHERE agent_id = $1 ORDER BY sampled_at DESC LIMIT 1', [agentId]),
      (rows) => rows.length > 0,
    );
    expect(Number(sample!.memory_limit_bytes)).toBe(2 * GIB);
    expect(isEnginesFigure(Number(sample!.memory_bytes), await readings())).toBe(true);
  });

  it('pauses the runtime of a suspended agent and unpauses the same container when it resumes', async () => {
    const { Id } = await containerOf(agentId);
    await platform.setPlan(owner, 'network', 'canceled');
    await waitForStatus(platform.backend(), agentId, 'suspended');
    expect((await containerOf(agentId)).State).toMatchObject({ Running: true, Paused: true });

    await platform.setPlan(owner, 'network', 'active');
    await waitForStatus(platform.backend(), agentId, 'running', 30_000);
    expect(await containerOf(agentId)).toMatchObject({ Id, State: expect.objectContaining({ Running: true, Paused: false }) });
  });

  it('repairs a killed container: running → degraded → repairing → running, in a new container', async () => {
    const { seen, reason } = await endAndAwaitRepair(agentId, (Id) => engine.getContainer(Id).kill());

    expect(seen).toEqual(['running', 'degraded', 'repairing', 'running']);
    expect(reason).toBe('Runtime exited on SIGKILL');
  });

  it('has the kernel kill a container that uses more than its memory limit, and the watchdog repairs it', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    let endedId = '';
    // Scratch space (/tmp is a tmpfs) is the agent's memory: filling it past the cgroup's limit is an
    // allocation the kernel, not V8, refuses, and it ends the runtime, the largest process there. (A
    // memory file past the limit would not do: Node refuses a UTF-8 file over its string limit, about
    // 512 MB, before reading it, and at boot it is the provisioning job, not the watchdog, that looks.)
    const { seen, reason } = await endAndAwaitRepair(agentId, async (Id) => {
      endedId = Id;
      const fill = await engine.getContainer(Id).exec({ Cmd: ['sh', '-c', 'head -c 3G /dev/zero > /tmp/fill'] });
      // Detached, the engine answers at once but keeps the hijacked connection open: it is ours to end.
      (await fill.start({ Detach: true })).destroy();
    });

    expect(seen).toEqual(['running', 'degraded', 'repairing', 'running']);
    const events = await engineEvents(since, endedId);
    expect(events).toEqual(expect.arrayContaining([
      expect.objectContaining({ Action: 'oom' }),
      expect.objectContaining({ Action: 'die', Actor: expect.objectContaining({ Attributes: expect.objectContaining({ exitCode: '137' }) }) }),
    ]));
    // Whichever saw it first: the engine's exit (with its cause), or the watchdog's probe of a runtime
    // stalled by the memory pressure or already gone (refused, reset, timed out).
    expect(reason).toMatch(/^(Runtime exited on SIGKILL \(out of memory\)|(liveness|readiness) probe failed: .+)$/);
  });

  it('adopts the running containers when the agents service restarts (one on the default plan, its CPUs held to the machine\'s): same containers, none added', async () => {
    // No tier: the backend's default plan, label (8 GiB, 4 CPUs), on a machine that may have fewer CPUs.
    const second = await provisionRunning(platform, owner, { name: 'Second' });
    const { NCPU } = await engine.info();
    expect((await containerOf(second)).HostConfig).toMatchObject({ Memory: 8 * GIB, NanoCpus: Math.min(4, NCPU) * 1e9 });
    const before = await Promise.all([agentId, second].map(async (id) => (await containerOf(id)).Id));

    await platform.restartService('agents');

    for (const [index, id] of [agentId, second].entries()) {
      expect(await containersOf(id)).toEqual([expect.objectContaining({ Id: before[index], State: 'running' })]);
      expect((await agentOf(id)).status).toBe('running');
    }
    expect(await engine.listContainers({ all: true, filters: { label: scopeFilter(scope) } })).toHaveLength(2);
  });

  it('re-creates at boot, once, a container that died while the agents service was down', async () => {
    const { Id } = await containerOf(agentId);
    await platform.stopService('agents');
    try {
      await engine.getContainer(Id).kill();
      await waitFor(() => containerOf(agentId), (container) => !container.State.Running);
    } finally {
      await platform.startService('agents');
    }

    const fresh = await containerOf(agentId);
    expect(fresh.Id).not.toBe(Id);
    expect(fresh.State.Running).toBe(true);
    expect(await containersOf(agentId)).toHaveLength(1);
    await waitForStatus(platform.backend(), agentId, 'running', 30_000);
  });

  it('destroys a deleted agent\'s container, volume and data', async () => {
    expect((await platform.backend().delete(`/api/agents/${agentId}`, undefined, BEARER)).body).toEqual({ id: agentId, deleted: true });

    expect(await containersOf(agentId)).toEqual([]);
    const { Volumes: volumes } = await engine.listVolumes({ filters: { name: [volumeName(scope, agentId)] } });
    expect(volumes ?? []).toEqual([]);
    expect(existsSync(path.join(platform.env.AGENT_DATA_DIR!, agentId))).toBe(false);
  });
});
