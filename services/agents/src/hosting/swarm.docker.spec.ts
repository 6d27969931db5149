import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import {
  BEARER, hostRuntimeAnswersAs, isEnginesFigure, memoryReadings, ownerQuery, provisionRunning, startContainerHosting, statusesUntil, subscribedUser, waitFor,
  type TestPlatform, type TestUser,
} from '@platform/testing';
import { engineOptions } from './docker-engine.js';
import { RUNTIME_LABELS, runtimeName, scopeFilter, volumeName } from './runtime-labels.js';
import { currentTask, type SwarmTask } from './swarm-tasks.js';

const GIB = 1024 ** 3;
/** The smallest plan (solo, the starter tier's): 2 GiB and one CPU. */
const SOLO = { tier: 'starter' } as const;
const RESERVATION_PERCENT = 10;

/**
 * The swarm adapter against this machine's engine in swarm mode (a single-node swarm: made here when the
 * engine is in none, never left) and the platform image: agents run as services with their plan's limits,
 * task exits reach the watchdog, a restarted agents service adopts what runs. Two agents on the smallest
 * plan: the machine is shared.
 */
describe('swarm hosting provider', () => {
  const engine = new Docker(engineOptions(process.env.DOCKER_HOST ?? ''));
  const scope = `t${randomBytes(5).toString('hex')}`;
  let platform: TestPlatform;
  let owner: TestUser;
  let agentId: string;
  let secondId: string;

  const serviceOf = (id: string) => engine.getService(runtimeName(scope, id)).inspect();
  const tasksOf = async (id: string) => (await engine.listTasks({ filters: { service: [runtimeName(scope, id)] } })) as SwarmTask[];
  const taskOf = async (id: string) => currentTask(await tasksOf(id))!;
  const containerOf = async (id: string) => engine.getContainer((await taskOf(id)).Status.ContainerStatus!.ContainerID!).inspect();
  const scoped = () => engine.listServices({ filters: { label: scopeFilter(scope) } });
  const agentOf = async (id: string) => (await platform.backend().get(`/api/agents/${id}`, BEARER)).body as { status: string; statusReason?: string };
  const passedStatuses = (id: string, done: (status: string) => boolean, seen?: string[]) => statusesUntil(platform.backend(), id, done, seen, 60_000);
  const reached = async (id: string, status: string) => (await waitFor(() => agentOf(id), (agent) => agent.status === status, 30_000)).status;

  beforeAll(async () => {
    const info = await engine.info();
    if (info.Swarm?.LocalNodeState !== 'active') await engine.swarmInit({ ListenAddr: '127.0.0.1:2377', AdvertiseAddr: '127.0.0.1' });
    platform = await startContainerHosting('swarm', scope, { SWARM_RESERVATION_PERCENT: String(RESERVATION_PERCENT) });
    owner = await subscribedUser(platform, 'network');
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('runs a provisioned agent as one service converged to one task: the plan as limits, a share reserved, no restarts, host network, pinned', async () => {
    const asked = Date.now();
    agentId = await provisionRunning(platform, owner, { name: 'Swarmed', ...SOLO });
    console.log(`swarm: provision to running in ${Date.now() - asked} ms`);

    const service = await serviceOf(agentId);
    const { NodeID: nodeId } = await engine.info().then((info) => info.Swarm);
    expect(service.Spec).toMatchObject({
      Mode: { Replicated: { Replicas: 1 } },
      Labels: expect.objectContaining({ [RUNTIME_LABELS.scope]: scope, [RUNTIME_LABELS.agent]: agentId, [RUNTIME_LABELS.owner]: owner.id }),
      TaskTemplate: expect.objectContaining({
        Resources: {
          Limits: { MemoryBytes: 2 * GIB, NanoCPUs: 1e9, Pids: 256 },
          Reservations: { MemoryBytes: Math.round(2 * GIB * RESERVATION_PERCENT / 100), NanoCPUs: 1e9 * RESERVATION_PERCENT / 100 },
        },
        RestartPolicy: expect.objectContaining({ Condition: 'none' }),
        Placement: expect.objectContaining({ Constraints: [`node.id==${nodeId}`] }),
      }),
    });
    const tasks = await tasksOf(agentId);
    expect(tasks.map((task) => task.Status.State)).toEqual(['running']);
    // The engine enforces the limits as the container's cgroup settings.
    const container = await containerOf(agentId);
    expect(container.HostConfig).toMatchObject({ Memory: 2 * GIB, NanoCpus: 1e9, NetworkMode: 'host' });
    expect(container.Mounts).toEqual(expect.arrayContaining([expect.objectContaining({ Type: 'volume', Name: volumeName(scope, agentId), Destination: '/data' })]));
    expect(await hostRuntimeAnswersAs(service.Spec.Labels[RUNTIME_LABELS.port]!)).toBe(agentId);
    expect((await platform.backend().get('/health')).body).toMatchObject({ docker: 'available', provider: 'swarm' });
    const instances = (await platform.backend().get('/api/agent-runtime/instances', BEARER)).body;
    expect(instances).toMatchObject({ provider: 'swarm', count: 1 });
    expect(instances.instances[0]).toMatchObject({ agentId, machineId: tasks[0]!.ID, pid: null, status: 'running', resources: { memory: 2, cpus: 1 } });
  });

  it('shows the engine\'s memory figure of the task\'s container, not the process\'s own, to its owner and the watchdog', async () => {
    const container = await containerOf(agentId);
    const readings = () => memoryReadings(engine, container.Id, container.Config.Labels[RUNTIME_LABELS.port]!);

    const health = await owner.client.get(`/api/instance/${owner.id}?agentId=${agentId}`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ agentId, memoryLimitBytes: 2 * GIB });
    expect(isEnginesFigure(health.body.memoryBytes, await readings())).toBe(true);
    const [sample] = await waitFor(
      () => ownerQuery<{ memory_bytes: string }>(platform.env, 'SELECT memory_bytes FROM watchdog.container_metrics WHERE agent_id = $1 ORDER BY sampled_at DESC LIMIT 1', [agentId]),
      (rows) => rows.length > 0,
    );
    expect(isEnginesFigure(Number(sample!.memory_bytes), await readings())).toBe(true);
  });

  it('freezes the task\'s container of a suspended agent on this node and thaws the same one when it resumes', async () => {
    const { ID: taskId } = await taskOf(agentId);
    await platform.setPlan(owner, 'network', 'canceled');
    expect(await reached(agentId, 'suspended')).toBe('suspended');
    expect((await containerOf(agentId)).State).toMatchObject({ Running: true, Paused: true });

    await platform.setPlan(owner, 'network', 'active');
    expect(await reached(agentId, 'running')).toBe('running');
    expect((await taskOf(agentId)).ID).toBe(taskId);
    expect((await containerOf(agentId)).State).toMatchObject({ Running: true, Paused: false });
  });

  it('stops an agent by scaling its service to 0 (service and volume kept), starts and restarts it in a new task', async () => {
    expect(await owner.client.post(`/api/agents/${agentId}/stop`)).toMatchObject({ status: 200, body: { status: 'stopped' } });
    expect((await serviceOf(agentId)).Spec.Mode).toEqual({ Replicated: { Replicas: 0 } });
    await waitFor(() => tasksOf(agentId), (tasks) => tasks.every((task) => task.Status.State !== 'running'), 15_000);
    expect((await engine.listVolumes({ filters: { name: [volumeName(scope, agentId)] } })).Volumes).toHaveLength(1);

    expect((await owner.client.post(`/api/agents/${agentId}/start`)).status).toBe(200);
    expect(await reached(agentId, 'running')).toBe('running');
    const { ID: started } = await taskOf(agentId);
    expect((await owner.client.post(`/api/agents/${agentId}/restart`)).status).toBe(200);
    expect(await reached(agentId, 'running')).toBe('running');
    const restarted = await taskOf(agentId);
    expect(restarted.ID).not.toBe(started);
    expect(restarted.Status.State).toBe('running');
    expect(await hostRuntimeAnswersAs((await serviceOf(agentId)).Spec.Labels[RUNTIME_LABELS.port]!)).toBe(agentId);
  });

  it('repairs a killed task container: running → degraded → repairing → running, in a new task of the same service', async () => {
    const { ID: endedTask } = await taskOf(agentId);
    const ended = waitFor(() => agentOf(agentId), (agent) => agent.status !== 'running', 60_000);
    await (await engine.getContainer((await containerOf(agentId)).Id)).kill();
    // The reason of the first status after running, read with it: repairing, a moment later, has none.
    const left = await ended;
    // Whichever saw it first: the task list read every second, or the watchdog's probe of a runtime already gone.
    expect(left.statusReason).toMatch(/^(Runtime exited on SIGKILL|liveness probe failed: ECONNREFUSED)$/);
    const seen = await passedStatuses(agentId, (status) => status === 'running' || status === 'error', ['running', left.status]);

    expect(seen).toEqual(['running', 'degraded', 'repairing', 'running']);
    const task = await taskOf(agentId);
    expect(task.ID).not.toBe(endedTask);
    expect(task.Status.State).toBe('running');
    expect(await scoped()).toHaveLength(1);
  });

  it('adopts its services when the agents service restarts (one on the default plan, its CPUs held to the node\'s): the same tasks, no service added', async () => {
    // No tier: the backend's default plan, label (8 GiB, 4 CPUs), on a node that may have fewer CPUs.
    secondId = await provisionRunning(platform, owner, { name: 'Second' });
    const { NCPU } = await engine.info();
    const cpus = Math.min(4, NCPU);
    expect((await serviceOf(secondId)).Spec.TaskTemplate).toMatchObject({
      Resources: { Limits: expect.objectContaining({ MemoryBytes: 8 * GIB, NanoCPUs: cpus * 1e9 }), Reservations: expect.objectContaining({ NanoCPUs: Math.round(cpus * 1e9 * RESERVATION_PERCENT / 100) }) },
    });
    expect((await containerOf(secondId)).HostConfig).toMatchObject({ Memory: 8 * GIB, NanoCpus: cpus * 1e9 });
    const before = await Promise.all([agentId, secondId].map(async (id) => (await taskOf(id)).ID));

    await platform.restartService('agents');

    for (const [index, id] of [agentId, secondId].entries()) {
      expect((await taskOf(id))).toMatchObject({ ID: before[index], Status: expect.objectContaining({ State: 'running' }) });
      expect((await agentOf(id)).status).toBe('running');
    }
    expect(await scoped()).toHaveLength(2);
    // The figure docs/hosting.md gives for an idle task: cgroup usage less inactive page cache, as `docker stats` shows it.
    const { memory_stats: memory } = await engine.getContainer((await containerOf(agentId)).Id).stats({ stream: false });
    console.log(`swarm: idle task memory ${((memory.usage - Number((memory.stats as unknown as Record<string, number>).total_inactive_file ?? 0)) / 1024 ** 2).toFixed(1)} MiB`);
  });

  it('destroys a deleted agent\'s service, its containers and its volume', async () => {
    for (const id of [agentId, secondId]) {
      expect((await platform.backend().delete(`/api/agents/${id}`, undefined, BEARER)).body).toEqual({ id, deleted: true });
    }

    expect(await scoped()).toEqual([]);
    for (const id of [agentId, secondId]) {
      expect(await engine.listContainers({ all: true, filters: { label: [...scopeFilter(scope), `${RUNTIME_LABELS.agent}=${id}`] } })).toEqual([]);
      const { Volumes: volumes } = await engine.listVolumes({ filters: { name: [volumeName(scope, id)] } });
      expect(volumes ?? []).toEqual([]);
      expect(existsSync(path.join(platform.env.AGENT_DATA_DIR!, id))).toBe(false);
    }
  });
});
