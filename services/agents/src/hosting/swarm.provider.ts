import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import type Docker from 'dockerode';
import type { RuntimeInstanceView } from '@platform/contracts';
import { Db } from '@platform/database';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { agentDataDir } from './agent-data.js';
import { AgentDataHostingProvider } from './agent-data-hosting.js';
import { ContainerUsageMeter } from './container-usage.js';
import { DockerEngine, isConflict, isMissing, logText, unlessMissing } from './docker-engine.js';
import { freePort } from './free-port.js';
import {
  type DeployedRuntime, type RuntimeInspection, type RuntimeSpec, type RuntimeUsage,
} from './hosting.provider.js';
import { adoptable, lastWordsOf, probedState } from './runtime-answer.js';
import { boundVolumeDriver, exitSignal, LOG_TAIL_LINES } from './runtime-container.js';
import { runtimeUrlOf } from './runtime-env.js';
import { labelledRuntime, RUNTIME_LABELS, runtimeName, scopeFilter, volumeName } from './runtime-labels.js';
import { withPortChoice, withRuntimeLock } from './runtime-lock.js';
import { pickNode, pinnedNode, type SwarmNode } from './swarm-placement.js';
import { SUSPENDED_LABEL, swarmServiceSpec, type ServicePlan } from './swarm-service-spec.js';
import { currentTask, taskDied, taskPhase, type SwarmTask } from './swarm-tasks.js';

/** Swarm's event stream carries no task events (engine 20.10): task states are read this often instead. */
const TASK_POLL_MS = 1000;
/** A removed service's containers go away shortly after; its volume can be removed only then. */
const VOLUME_FREE = { timeoutMs: 15_000, pollMs: 250 };
/** An update's new task appears once the old one has stopped (3 s grace at most): below the 15 s deployment call. */
const NEW_TASK = { timeoutMs: 10_000, pollMs: 200 };

type Service = Docker.Service & { ID: string; Spec: Docker.ServiceSpec & { Labels: Record<string, string> }; Version: { Index: number }; CreatedAt: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each agent is one Swarm service (docs/hosting.md, "swarm"): one replica of the platform image on the
 * host's network, pinned to the node it was placed on (its volume lives there), the plan's memory and
 * CPUs as limits, restart condition none (the watchdog decides repairs). The swarm is the record: the
 * service's name comes from the agent id (a double create fails on the manager) and its labels carry
 * the spec and port, so a restarted agents service adopts what runs. Changes to one agent's service run
 * under the per-agent advisory lock of the other adapters.
 */
@Injectable()
export class SwarmHostingProvider extends AgentDataHostingProvider implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'swarm';
  override readonly measuresUsage = true;
  private readonly logger = new Logger('SwarmHosting');
  private readonly meter: ContainerUsageMeter;
  private ownNode?: Promise<string>;
  /** Nodes as first read: their address and CPUs do not change while they are in the swarm. */
  private readonly nodes = new Map<string, SwarmNode>();
  /** The state each task of this platform was last seen in, to tell an exit from a task already ended. */
  private readonly taskStates = new Map<string, string>();
  private poller?: NodeJS.Timeout;
  private polling = false;
  private pollFailure?: string;

  constructor(private readonly db: Db, private readonly engine: DockerEngine, @Inject(AGENTS_ENV) protected readonly env: AgentsEnv) {
    super();
    this.meter = new ContainerUsageMeter(engine.api);
  }

  onApplicationBootstrap(): void {
    this.poller = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      this.pollTasks().then(() => {
        this.pollFailure = undefined;
      }, (error) => {
        // Once per cause, not every second while the manager is away.
        if (String(error) !== this.pollFailure) this.logger.warn(`Task states not read: ${String(error)}`);
        this.pollFailure = String(error);
      }).finally(() => {
        this.polling = false;
      });
    }, TASK_POLL_MS);
    this.poller.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.poller);
  }

  /** The engine answers and is a manager of an active swarm: only a manager takes service calls. */
  async reachable(): Promise<boolean> {
    if (!(await this.engine.reachable())) return false;
    const info = await this.engine.api.info().catch(() => null);
    return info?.Swarm?.LocalNodeState === 'active' && info.Swarm.ControlAvailable === true;
  }

  deploy(spec: RuntimeSpec): Promise<DeployedRuntime> {
    return this.locked(spec.agentId, async (service) => this.place(spec, service));
  }

  ensure(spec: RuntimeSpec): Promise<DeployedRuntime & { adopted: boolean }> {
    return this.locked(spec.agentId, async (service) => {
      if (service && this.replicas(service) === 1) {
        const task = currentTask(await this.tasksOf(service));
        const runtimeUrl = await this.urlOf(service);
        if (task && taskPhase(task) !== 'ended' && !(await this.paused(task))) {
          if (await adoptable(runtimeUrl, spec.agentId, Date.parse(task.CreatedAt), this.env)) return { runtimeUrl, adopted: true };
        }
      }
      return { ...(await this.place(spec, service)), adopted: false };
    });
  }

  /** Thaws a paused task; scales a suspended or stopped service back to one; replaces a task that ended. */
  start(agentId: string): Promise<DeployedRuntime> {
    return this.locked(agentId, async (service) => {
      if (!service) throw new Error(`No runtime to start for agent ${agentId}`);
      const task = this.replicas(service) === 1 ? currentTask(await this.tasksOf(service)) : undefined;
      if (task && taskPhase(task) !== 'ended') {
        if (await this.paused(task)) await this.engine.api.getContainer(task.Status.ContainerStatus!.ContainerID!).unpause();
        return { runtimeUrl: await this.urlOf(service) };
      }
      return this.update(service, { replicas: 1, suspended: false, force: true });
    });
  }

  /** Scaled to 0: Swarm stops the task and removes its container; the service and its volume stay. */
  async stop(agentId: string): Promise<void> {
    await this.locked(agentId, async (service) => {
      if (!service) return;
      await this.thaw(service);
      if (this.replicas(service) === 1 || service.Spec.Labels[SUSPENDED_LABEL]) await this.update(service, { replicas: 0, suspended: false });
    });
  }

  restart(agentId: string): Promise<DeployedRuntime> {
    return this.locked(agentId, async (service) => {
      if (!service) throw new Error(`No runtime to restart for agent ${agentId}`);
      await this.thaw(service);
      return this.update(service, { replicas: 1, suspended: false, force: true });
    });
  }

  /**
   * Swarm has no pause. A task on the engine's own node is frozen through the engine (the cgroup freezer:
   * memory and port kept, nothing answered, resumed at once); one on another node is scaled to 0, which
   * keeps the volume but not the process: its start is a new boot.
   */
  async suspend(agentId: string): Promise<void> {
    await this.locked(agentId, async (service) => {
      // Suspended already (a boot's reconciler pauses what a crash may have left running): nothing to do.
      if (service && this.replicas(service) === 0 && service.Spec.Labels[SUSPENDED_LABEL]) return;
      const task = service && this.replicas(service) === 1 ? currentTask(await this.tasksOf(service)) : undefined;
      if (!service || !task || taskPhase(task) !== 'running') throw new Error(`No running runtime to suspend for agent ${agentId}`);
      if (await this.onOwnNode(task)) {
        if (!(await this.paused(task))) await this.engine.api.getContainer(task.Status.ContainerStatus!.ContainerID!).pause();
        return;
      }
      await this.update(service, { replicas: 0, suspended: true });
    });
  }

  /** The service (Swarm removes its tasks and containers), then the volume once no container holds it, then its folder. */
  async destroy(agentId: string): Promise<void> {
    await this.locked(agentId, async (service) => {
      if (service) {
        await this.thaw(service);
        await unlessMissing(this.engine.api.getService(service.ID).remove());
      }
      await this.removeVolume(agentId);
      await rm(agentDataDir(this.env, agentId), { recursive: true, force: true });
    });
  }

  async inspect(agentId: string): Promise<RuntimeInspection> {
    const service = await this.find(agentId);
    if (!service) return { state: 'stopped', runtimeUrl: null };
    const runtimeUrl = await this.urlOf(service);
    if (this.replicas(service) === 0) return { state: service.Spec.Labels[SUSPENDED_LABEL] ? 'suspended' : 'stopped', runtimeUrl };
    const task = currentTask(await this.tasksOf(service));
    if (!task) return { state: 'starting', runtimeUrl };
    switch (taskPhase(task)) {
      case 'ended':
        return { state: 'stopped', runtimeUrl, exitCode: task.Status.ContainerStatus?.ExitCode ?? null, reason: await this.lastWords(service, task) };
      case 'held':
        return { state: 'unhealthy', runtimeUrl, reason: task.Status.Err };
      case 'starting':
        return { state: 'starting', runtimeUrl };
      case 'running': {
        if (await this.paused(task)) return { state: 'suspended', runtimeUrl };
        return probedState(runtimeUrl, agentId, this.env.HEALTH_PROBE_TIMEOUT_MS);
      }
    }
  }

  async agentIds(): Promise<string[]> {
    return (await this.services()).map((service) => service.Spec.Labels[RUNTIME_LABELS.agent]!).filter(Boolean);
  }

  /** From the manager's lists (services, then every task once): the machine id is the task's id. */
  async instances(): Promise<RuntimeInstanceView[]> {
    const services = await this.services();
    // No service to filter by would list every task of the swarm.
    if (!services.length) return [];
    const tasks = await this.engine.api.listTasks({ filters: { service: services.map((service) => service.ID) } }) as Array<SwarmTask & { ServiceID: string }>;
    const views = await Promise.all(services.map(async (service) => {
      const runtime = labelledRuntime(service.Spec.Labels);
      if (!runtime) return [];
      const task = this.replicas(service) === 1 ? currentTask(tasks.filter((candidate) => candidate.ServiceID === service.ID)) : undefined;
      const phase = task ? taskPhase(task) : 'ended';
      const suspended = (this.replicas(service) === 0 && !!service.Spec.Labels[SUSPENDED_LABEL]) || (task ? await this.paused(task) : false);
      return [{
        agentId: runtime.agentId,
        pid: null,
        machineId: task?.ID ?? null,
        port: runtime.port,
        status: suspended ? 'suspended' as const : phase === 'ended' ? 'exited' as const : 'running' as const,
        exitCode: task && phase === 'ended' ? task.Status.ContainerStatus?.ExitCode ?? null : null,
        startedAt: task?.CreatedAt ?? service.CreatedAt,
        resources: runtime.spec.resources,
      }];
    }));
    return views.flat().sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /** The engine's figures for the task's container: readable on the engine's own node only (stats are per node). */
  override async usage(agentId: string): Promise<RuntimeUsage | null> {
    const service = await this.find(agentId);
    const task = service && this.replicas(service) === 1 ? currentTask(await this.tasksOf(service)) : undefined;
    const containerId = task?.Status.ContainerStatus?.ContainerID;
    if (!task || taskPhase(task) !== 'running' || !containerId || !(await this.onOwnNode(task))) return null;
    return this.meter.measure(containerId, task.Status.Timestamp ?? task.CreatedAt);
  }

  /**
   * Task states since the last look: a task of this platform that was seen not ended and now ended on its
   * own (failed or complete, not shut down on the platform's word) is an exit. Every replica reads the
   * same states; listeners judge by the agent's status.
   */
  private async pollTasks(): Promise<void> {
    const services = await this.services();
    if (!services.length) return this.taskStates.clear();
    const agents = new Map(services.map((service) => [service.ID, service.Spec.Labels[RUNTIME_LABELS.agent]!]));
    const tasks = await this.engine.api.listTasks({ filters: { service: [...agents.keys()] } }) as Array<SwarmTask & { ServiceID: string }>;
    const seen = new Set<string>();
    for (const task of tasks) {
      seen.add(task.ID);
      const before = this.taskStates.get(task.ID);
      this.taskStates.set(task.ID, task.Status.State);
      if (before === undefined || before === task.Status.State || taskPhase({ ...task, Status: { State: before } }) === 'ended') continue;
      if (!taskDied(task)) continue;
      const containerId = task.Status.ContainerStatus?.ContainerID;
      if (containerId) this.meter.forget(containerId);
      const exitCode = task.Status.ContainerStatus?.ExitCode ?? null;
      this.exited({ agentId: agents.get(task.ServiceID)!, exitCode, signal: exitSignal(exitCode) });
    }
    for (const id of this.taskStates.keys()) if (!seen.has(id)) this.taskStates.delete(id);
  }

  /**
   * The spec's service, made or replaced: an existing one keeps its node (its volume is there) and its
   * port, and gets the spec with a new task; a new one is pinned to the node the spread picks.
   */
  private async place(spec: RuntimeSpec, service: Service | null): Promise<DeployedRuntime> {
    if (service) {
      await this.thaw(service);
      return this.update(service, { spec, replicas: 1, suspended: false, force: true });
    }
    const nodeId = await this.pickNode();
    const placed: Omit<ServicePlan, 'port'> = {
      nodeId,
      cpus: await this.cpusOn(nodeId, spec),
      volumeDriver: nodeId === (await this.ownNodeId()) ? await boundVolumeDriver(this.env, spec.agentId) : undefined,
      replicas: 1,
      suspended: false,
      forceUpdate: 0,
    };
    // The port is chosen, and named on the service, in turn with every other launch.
    const plan = await withPortChoice(this.db, this.name, async () => {
      const chosen: ServicePlan = { ...placed, port: await this.freePort() };
      await this.engine.api.createService(swarmServiceSpec(this.env, spec, chosen)).catch((error) => {
        // The name is the agent's: a twin was made outside the lock (another platform with this DOCKER_SCOPE?).
        if (isConflict(error)) throw new Error(`Agent ${spec.agentId} already has a service in the swarm; not making a second`);
        throw error;
      });
      return chosen;
    });
    this.logger.log({ agentId: spec.agentId, nodeId, port: plan.port, msg: 'runtime service created' });
    return { runtimeUrl: await this.url(nodeId, plan.port) };
  }

  /** The service's spec again with what changes: replicas, the suspended mark, a new task when forced, a new spec. */
  private async update(service: Service, change: { spec?: RuntimeSpec; replicas: 0 | 1; suspended: boolean; force?: boolean }): Promise<DeployedRuntime> {
    const runtime = labelledRuntime(service.Spec.Labels);
    const nodeId = this.nodeOf(service);
    if (!runtime || !nodeId) throw new Error(`Service ${service.Spec.Name} carries no runtime spec or node`);
    const spec = change.spec ?? runtime.spec;
    const forceUpdate = (service.Spec.TaskTemplate?.ForceUpdate ?? 0) + (change.force ? 1 : 0);
    const mount = (service.Spec.TaskTemplate as Docker.ContainerTaskSpec).ContainerSpec?.Mounts?.[0]?.VolumeOptions?.DriverConfig;
    const volumeDriver = mount?.Options?.device ? { Driver: mount.Name, DriverOpts: mount.Options } : undefined;
    const plan: ServicePlan = {
      port: runtime.port, nodeId, cpus: await this.cpusOn(nodeId, spec), volumeDriver, replicas: change.replicas, suspended: change.suspended, forceUpdate,
    };
    const before = new Set((await this.tasksOf(service)).map((task) => task.ID));
    await this.engine.api.getService(service.ID).update({ _query: { version: service.Version.Index }, _body: swarmServiceSpec(this.env, spec, plan) });
    if (change.replicas === 1 && change.force) await this.newTask(service, before);
    return { runtimeUrl: await this.url(nodeId, runtime.port) };
  }

  /**
   * Until the update's new task exists (stop-first: once the old one has ended, within its stop grace):
   * before that, the old task still answers as the agent and a caller waiting for health would take it
   * for the new one. Bounded, as the deployment call is; a slower swarm is then only seen later.
   */
  private async newTask(service: Service, before: Set<string>): Promise<void> {
    const deadline = Date.now() + NEW_TASK.timeoutMs;
    while (Date.now() < deadline) {
      const task = currentTask(await this.tasksOf(service));
      if (task && !before.has(task.ID)) return;
      await sleep(NEW_TASK.pollMs);
    }
  }

  /** A frozen container takes no SIGTERM: Swarm would wait on it forever, so it is thawed before a stop or an update. */
  private async thaw(service: Service): Promise<void> {
    const task = currentTask(await this.tasksOf(service));
    if (task && (await this.paused(task))) await this.engine.api.getContainer(task.Status.ContainerStatus!.ContainerID!).unpause();
  }

  /**
   * The volume, once the removed service's containers have let go of it: those on this node (the task's and
   * the ended ones Swarm keeps as history) are removed here rather than waited for. On another node the
   * volume is that node's (docs/hosting.md).
   */
  private async removeVolume(agentId: string): Promise<void> {
    const containers = await this.engine.api.listContainers({ all: true, filters: { label: [...scopeFilter(this.env.DOCKER_SCOPE), `${RUNTIME_LABELS.agent}=${agentId}`] } });
    await Promise.all(containers.map((container) => this.engine.api.getContainer(container.Id).remove({ force: true }).catch(() => undefined)));
    const volume = this.engine.api.getVolume(volumeName(this.env.DOCKER_SCOPE, agentId));
    const deadline = Date.now() + VOLUME_FREE.timeoutMs;
    for (;;) {
      try {
        return await volume.remove();
      } catch (error) {
        if (isMissing(error)) return;
        if ((error as { statusCode?: number }).statusCode !== 409 || Date.now() > deadline) throw error;
        await sleep(VOLUME_FREE.pollMs);
      }
    }
  }

  /** The spread: the ready node holding the fewest of this platform's agents (SWARM_NODE_LABEL narrows the choice). */
  private async pickNode(): Promise<string> {
    const [nodes, services, own] = await Promise.all([this.engine.api.listNodes() as Promise<SwarmNode[]>, this.services(), this.ownNodeId()]);
    const load = new Map<string, number>();
    for (const service of services) {
      const nodeId = this.nodeOf(service);
      if (nodeId) load.set(nodeId, (load.get(nodeId) ?? 0) + 1);
    }
    const node = pickNode(nodes, load, own, this.env.SWARM_NODE_LABEL);
    if (!node) throw new Error(`No ready swarm node to place an agent on${this.env.SWARM_NODE_LABEL ? ` (label ${this.env.SWARM_NODE_LABEL}=true)` : ''}`);
    return node.ID;
  }

  /**
   * A port free on this host and held by no runtime of this platform on any node: with host networking
   * two runtimes may share a node, and an agent keeps its port wherever it lands.
   */
  private async freePort(): Promise<number> {
    const taken = new Set((await this.services()).map((service) => Number(service.Spec.Labels[RUNTIME_LABELS.port])));
    return freePort(this.env.AGENT_RUNTIME_HOST, undefined, taken);
  }

  private locked<T>(agentId: string, work: (service: Service | null) => Promise<T>): Promise<T> {
    return withRuntimeLock(this.db, this.name, agentId, async () => work(await this.find(agentId)));
  }

  private find(agentId: string): Promise<Service | null> {
    return unlessMissing(this.engine.api.getService(runtimeName(this.env.DOCKER_SCOPE, agentId)).inspect() as Promise<Service>);
  }

  private async services(): Promise<Service[]> {
    return await this.engine.api.listServices({ filters: { label: scopeFilter(this.env.DOCKER_SCOPE) } }) as unknown as Service[];
  }

  private async tasksOf(service: Service): Promise<SwarmTask[]> {
    return await this.engine.api.listTasks({ filters: { service: [service.ID] } }) as SwarmTask[];
  }

  private nodeOf(service: Service): string | undefined {
    return pinnedNode((service.Spec.TaskTemplate as Docker.ContainerTaskSpec | undefined)?.Placement?.Constraints);
  }

  private replicas(service: Service): number {
    return service.Spec.Mode?.Replicated?.Replicas ?? 0;
  }

  /** A paused container is the engine's own node's business: Swarm still reports the task running. */
  private async paused(task: SwarmTask): Promise<boolean> {
    const containerId = task.Status.ContainerStatus?.ContainerID;
    if (taskPhase(task) !== 'running' || !containerId || !(await this.onOwnNode(task))) return false;
    const container = await this.engine.api.getContainer(containerId).inspect().catch(() => null);
    return container?.State.Paused ?? false;
  }

  private async onOwnNode(task: SwarmTask): Promise<boolean> {
    return task.NodeID === (await this.ownNodeId());
  }

  private ownNodeId(): Promise<string> {
    this.ownNode ??= this.engine.api.info().then((info: { Swarm: { NodeID: string } }) => info.Swarm.NodeID);
    this.ownNode.catch(() => {
      this.ownNode = undefined;
    });
    return this.ownNode;
  }

  /** The runtime's output from the manager (service logs reach every node), its last line the reason. */
  private async lastWords(service: Service, task: SwarmTask): Promise<string | undefined> {
    if (task.Status.State === 'rejected') return task.Status.Err;
    const raw = await this.engine.api.getService(service.ID).logs({ stdout: true, stderr: true, follow: false, tail: LOG_TAIL_LINES }).catch(() => null);
    if (!raw) return task.Status.Err;
    return lastWordsOf(logText(raw)) ?? task.Status.Err;
  }

  private async urlOf(service: Service): Promise<string> {
    const runtime = labelledRuntime(service.Spec.Labels);
    const nodeId = this.nodeOf(service);
    return this.url(nodeId ?? (await this.ownNodeId()), runtime?.port ?? 0);
  }

  /**
   * Host networking: on the engine's own node the runtime is where this service reaches it (AGENT_RUNTIME_HOST
   * or the advertised host, as with docker); on another node, at the address that node joined the swarm with.
   */
  private async url(nodeId: string, port: number): Promise<string> {
    if (nodeId === (await this.ownNodeId())) return runtimeUrlOf(this.env, port);
    return runtimeUrlOf(this.env, port, (await this.node(nodeId)).Status.Addr ?? nodeId);
  }

  /** The plan's CPUs, at most the node's: its engine refuses a quota above them (a 4-CPU plan on a 2-CPU node gets the whole node). */
  private async cpusOn(nodeId: string, spec: RuntimeSpec): Promise<number> {
    const nodeCpus = ((await this.node(nodeId)).Description?.Resources?.NanoCPUs ?? Infinity) / 1e9;
    return Math.min(spec.resources.cpus, nodeCpus);
  }

  private async node(nodeId: string): Promise<SwarmNode> {
    let node = this.nodes.get(nodeId);
    if (!node) {
      node = (await this.engine.api.getNode(nodeId).inspect()) as SwarmNode;
      this.nodes.set(nodeId, node);
    }
    return node;
  }
}
