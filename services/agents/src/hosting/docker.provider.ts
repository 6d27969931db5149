import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import type Docker from 'dockerode';
import type { RuntimeInstanceView } from '@platform/contracts';
import { Db } from '@platform/database';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { agentDataDir } from './agent-data.js';
import { AgentDataHostingProvider } from './agent-data-hosting.js';
import { ContainerUsageMeter } from './container-usage.js';
import { DockerEngine, isConflict, isMissing, unlessMissing, type EngineEvent, type EventWatch } from './docker-engine.js';
import { freePort, PortProbe } from './free-port.js';
import {
  type DeployedRuntime, type RuntimeInspection, type RuntimeSpec, type RuntimeUsage,
} from './hosting.provider.js';
import { adoptable, lastWordsOf, probedState } from './runtime-answer.js';
import {
  boundVolumeDriver, CONTAINER_DATA_DIR, exitSignal, LOG_TAIL_LINES, nanoCpus, PIDS_LIMIT, RUNTIME_LOG_DRIVER, runtimeCommand, runtimeContainerEnv,
  runtimeUser, STOP_GRACE_SECONDS, volumeLabels,
} from './runtime-container.js';
import { memoryBytesOf, runtimeUrlOf } from './runtime-env.js';
import { labelledRuntime, RUNTIME_LABELS, runtimeLabels, runtimeName, scopeFilter, volumeName } from './runtime-labels.js';
import { withPortChoice, withRuntimeLock } from './runtime-lock.js';

/** Where a container listens when it has a network of its own (not the host's): every runtime on the same port. */
const CONTAINER_PORT = 18789;
/** The exit of a container the kernel killed for its memory limit: the cgroup, not V8, ended it. */
const OOM_KILLED = 'SIGKILL (out of memory)';

type Container = Docker.ContainerInspectInfo;

/**
 * Each agent is one container of the platform image (docs/hosting.md, "docker"): the plan's memory and
 * CPUs as cgroup limits, its data on a volume of its own, restart policy `no` (the watchdog decides
 * repairs). The engine is the record: labels name the agent, its owner, its port and its spec, and the
 * container's name is derived from the agent id, so a restarted service (or another replica) finds
 * and adopts what runs, and a second create of the same agent fails on the engine. Changes to one
 * agent's container run under the same per-agent advisory lock as the local provider's.
 */
@Injectable()
export class DockerHostingProvider extends AgentDataHostingProvider implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'docker';
  override readonly measuresUsage = true;
  private readonly logger = new Logger('DockerHosting');
  private events?: EventWatch;
  private readonly meter: ContainerUsageMeter;

  constructor(
    private readonly db: Db,
    private readonly engine: DockerEngine,
    @Inject(AGENTS_ENV) protected readonly env: AgentsEnv,
    @Optional() private readonly ports: PortProbe = new PortProbe(),
  ) {
    super();
    this.meter = new ContainerUsageMeter(engine.api);
  }

  /** Exits come from the engine's event stream, for every container of this platform, adopted or made here. */
  onApplicationBootstrap(): void {
    this.events = this.engine.watchEvents(
      { type: ['container'], event: ['die', 'oom'], label: scopeFilter(this.env.DOCKER_SCOPE) },
      (event) => this.heard(event).catch((error) => this.logger.warn(`Engine event not settled: ${String(error)}`)),
    );
  }

  onApplicationShutdown(): void {
    this.events?.close();
  }

  reachable(): Promise<boolean> {
    return this.engine.reachable();
  }

  deploy(spec: RuntimeSpec): Promise<DeployedRuntime> {
    return this.locked(spec.agentId, (container) => this.replace(spec, container));
  }

  ensure(spec: RuntimeSpec): Promise<DeployedRuntime & { adopted: boolean }> {
    return this.locked(spec.agentId, async (container) => {
      if (container?.State.Running && !container.State.Paused) {
        const runtimeUrl = this.urlOf(container);
        if (await adoptable(runtimeUrl, spec.agentId, Date.parse(container.State.StartedAt), this.env)) return { runtimeUrl, adopted: true };
      }
      return { ...(await this.replace(spec, container)), adopted: false };
    });
  }

  /** Unpauses a suspended container; one that is not running is made again from its spec (same volume, same port when free). */
  start(agentId: string): Promise<DeployedRuntime> {
    return this.locked(agentId, async (container) => {
      if (!container) throw new Error(`No runtime to start for agent ${agentId}`);
      if (container.State.Paused) await this.engine.api.getContainer(container.Id).unpause();
      if (container.State.Running) return { runtimeUrl: this.urlOf(container) };
      return this.recreate(container);
    });
  }

  async stop(agentId: string): Promise<void> {
    await this.locked(agentId, async (container) => {
      if (container?.State.Running) await this.halt(container);
    });
  }

  restart(agentId: string): Promise<DeployedRuntime> {
    return this.locked(agentId, async (container) => {
      if (!container) throw new Error(`No runtime to restart for agent ${agentId}`);
      return this.recreate(container);
    });
  }

  /** The cgroup freezer: the runtime keeps its memory and port but answers nothing until unpaused. */
  async suspend(agentId: string): Promise<void> {
    await this.locked(agentId, async (container) => {
      if (!container?.State.Running) throw new Error(`No running runtime to suspend for agent ${agentId}`);
      if (!container.State.Paused) await this.engine.api.getContainer(container.Id).pause();
    });
  }

  /** The container, its volume and the data behind it. */
  async destroy(agentId: string): Promise<void> {
    await this.locked(agentId, async (container) => {
      if (container) await this.remove(container);
      await unlessMissing(this.engine.api.getVolume(volumeName(this.env.DOCKER_SCOPE, agentId)).remove());
      await rm(agentDataDir(this.env, agentId), { recursive: true, force: true });
    });
  }

  async inspect(agentId: string): Promise<RuntimeInspection> {
    const container = await this.find(agentId);
    if (!container) return { state: 'stopped', runtimeUrl: null };
    const runtimeUrl = this.urlOf(container);
    if (!container.State.Running) {
      return { state: 'stopped', runtimeUrl, exitCode: container.State.ExitCode, reason: await this.lastWords(container) };
    }
    if (container.State.Paused) return { state: 'suspended', runtimeUrl };
    return probedState(runtimeUrl, agentId, this.env.HEALTH_PROBE_TIMEOUT_MS);
  }

  async agentIds(): Promise<string[]> {
    return (await this.listed()).map((container) => container.Labels[RUNTIME_LABELS.agent]!).filter(Boolean);
  }

  /** From the engine's list (one call, nothing probed): the machine id is the container id. */
  async instances(): Promise<RuntimeInstanceView[]> {
    const containers = (await this.listed()).sort((a, b) => b.Created - a.Created);
    return containers.flatMap((container) => {
      const runtime = labelledRuntime(container.Labels);
      if (!runtime) return [];
      const exited = /^Exited \((\d+)\)/.exec(container.Status);
      return [{
        agentId: runtime.agentId,
        pid: null,
        machineId: container.Id,
        port: runtime.port,
        status: container.State === 'paused' ? 'suspended' : container.State === 'running' ? 'running' : 'exited',
        exitCode: exited ? Number(exited[1]) : null,
        // Every start but an unpause makes a new container: its creation is when the runtime started.
        startedAt: new Date(container.Created * 1000).toISOString(),
        resources: runtime.spec.resources,
      }];
    });
  }

  /** The engine's figures for the container (its cgroup), as `docker stats` shows them. */
  override async usage(agentId: string): Promise<RuntimeUsage | null> {
    const container = await this.find(agentId);
    if (!container?.State.Running) return null;
    return this.meter.measure(container.Id, container.State.StartedAt);
  }

  /**
   * A `die` is news only while the container is still the agent's and still down: a replaced or removed
   * one (deploy, destroy) is not, and every replica hears the same event, listeners judging by status.
   */
  private async heard(event: EngineEvent): Promise<void> {
    const agentId = event.Actor.Attributes[RUNTIME_LABELS.agent];
    if (!agentId) return;
    if (event.Action === 'oom') {
      this.logger.warn({ agentId, msg: 'runtime container hit its memory limit' });
      return;
    }
    const container = await this.find(agentId);
    if (!container || container.Id !== event.Actor.ID || container.State.Running) return;
    this.meter.forget(container.Id);
    const exitCode = container.State.ExitCode;
    const signal = container.State.OOMKilled ? OOM_KILLED : exitSignal(exitCode);
    this.exited({ agentId, exitCode, signal });
  }

  private locked<T>(agentId: string, work: (container: Container | null) => Promise<T>): Promise<T> {
    return withRuntimeLock(this.db, this.name, agentId, async () => work(await this.find(agentId)));
  }

  private find(agentId: string): Promise<Container | null> {
    return unlessMissing(this.engine.api.getContainer(runtimeName(this.env.DOCKER_SCOPE, agentId)).inspect());
  }

  private listed(): Promise<Docker.ContainerInfo[]> {
    return this.engine.api.listContainers({ all: true, filters: { label: scopeFilter(this.env.DOCKER_SCOPE) } });
  }

  /** A frozen process cannot take SIGTERM: a paused container is thawed first. */
  private async halt(container: Container): Promise<void> {
    const handle = this.engine.api.getContainer(container.Id);
    if (container.State.Paused) await handle.unpause();
    await handle.stop({ t: STOP_GRACE_SECONDS }).catch((error) => {
      // 304: it stopped on its own meanwhile; 404: it is gone. Either way it is down, as asked.
      if (!isMissing(error) && (error as { statusCode?: number }).statusCode !== 304) throw error;
    });
  }

  /** Gone, running or not; its volume stays. */
  private async remove(container: Container): Promise<void> {
    this.meter.forget(container.Id);
    await unlessMissing(this.engine.api.getContainer(container.Id).remove({ force: true }));
  }

  /** The container made again from the spec on its labels. */
  private recreate(container: Container): Promise<DeployedRuntime> {
    const runtime = labelledRuntime(container.Config.Labels);
    if (!runtime) throw new Error(`Container ${container.Name} carries no runtime spec`);
    return this.replace(runtime.spec, container);
  }

  /** A fresh container for the spec in place of the agent's current one (volume kept), on its port while that is free. */
  private async replace(spec: RuntimeSpec, current: Container | null): Promise<DeployedRuntime> {
    if (current) await this.remove(current);
    return this.create(spec, current ? labelledRuntime(current.Config.Labels)?.port : undefined);
  }

  private async create(spec: RuntimeSpec, wantedPort?: number): Promise<DeployedRuntime> {
    const volume = await this.volumeFor(spec);
    const cpus = Math.min(spec.resources.cpus, await this.engine.cpus());
    // On the host's network the port is chosen, and named on the container, in turn with every other launch.
    const { container, port } = await withPortChoice(this.db, this.name, async () => {
      const port = this.hostNetwork ? await freePort(this.env.AGENT_RUNTIME_HOST, wantedPort, await this.portsTaken(spec.agentId), this.ports) : CONTAINER_PORT;
      return { container: await this.createContainer(spec, port, volume, cpus), port };
    });
    await container.start();
    this.logger.log({ agentId: spec.agentId, containerId: container.id, port, msg: 'runtime container started' });
    return { runtimeUrl: this.url(port, spec.agentId) };
  }

  /** The ports other agents' containers are labelled with, running or not: a stopped one starts on its own again. */
  private async portsTaken(agentId: string): Promise<Set<number>> {
    const others = (await this.listed()).filter((container) => container.Labels[RUNTIME_LABELS.agent] !== agentId);
    return new Set(others.map((container) => Number(container.Labels[RUNTIME_LABELS.port])));
  }

  private get hostNetwork(): boolean {
    return this.env.DOCKER_NETWORK === 'host';
  }

  private createContainer(spec: RuntimeSpec, port: number, volume: string, cpus: number): Promise<Docker.Container> {
    const memory = memoryBytesOf(spec);
    return this.engine.api.createContainer({
      name: runtimeName(this.env.DOCKER_SCOPE, spec.agentId),
      Image: this.env.PLATFORM_IMAGE,
      Cmd: runtimeCommand(spec),
      Env: runtimeContainerEnv(this.env, spec, { host: this.hostNetwork ? this.env.AGENT_RUNTIME_HOST : '0.0.0.0', port, dataDir: CONTAINER_DATA_DIR }),
      User: runtimeUser(),
      Labels: runtimeLabels(this.env.DOCKER_SCOPE, spec, port),
      HostConfig: {
        NetworkMode: this.env.DOCKER_NETWORK,
        // Memory and swap alike, so the plan's memory is all it gets: past it the kernel kills the runtime.
        Memory: memory,
        MemorySwap: memory,
        // The engine refuses a quota above the machine's CPUs: a plan asking more gets the whole machine.
        NanoCpus: nanoCpus(cpus),
        PidsLimit: PIDS_LIMIT,
        RestartPolicy: { Name: 'no' },
        Mounts: [{ Type: 'volume', Source: volume, Target: CONTAINER_DATA_DIR }],
        // The image is code, not the agent's to change; scratch space in /tmp counts against its memory.
        ReadonlyRootfs: true,
        Tmpfs: { '/tmp': 'rw,nosuid,nodev' },
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        LogConfig: RUNTIME_LOG_DRIVER,
      },
    }).catch((error) => {
      // The name is the agent's: a twin was made outside the lock (another platform with this DOCKER_SCOPE?).
      if (isConflict(error)) throw new Error(`Agent ${spec.agentId} already has a container on the engine; not starting a second`);
      throw error;
    });
  }

  /**
   * The agent's named volume, backed by its folder under AGENT_DATA_DIR on the engine's host (the local
   * driver's bind): removed with the agent, labelled like its container, and where the explorer finds it.
   */
  private async volumeFor(spec: RuntimeSpec): Promise<string> {
    const name = volumeName(this.env.DOCKER_SCOPE, spec.agentId);
    await this.engine.api.createVolume({ Name: name, ...(await boundVolumeDriver(this.env, spec.agentId)), Labels: volumeLabels(this.env.DOCKER_SCOPE, spec) });
    return name;
  }

  private async lastWords(container: Container): Promise<string | undefined> {
    if (container.State.OOMKilled) return `Out of memory: killed at the plan's limit of ${container.HostConfig.Memory} bytes`;
    return lastWordsOf(await this.engine.logTail(container.Id, LOG_TAIL_LINES).catch(() => ''));
  }

  private urlOf(container: Container): string {
    const runtime = labelledRuntime(container.Config.Labels);
    return this.url(runtime?.port ?? CONTAINER_PORT, runtime?.agentId ?? '');
  }

  private url(port: number, agentId: string): string {
    return this.env.DOCKER_NETWORK === 'host' ? runtimeUrlOf(this.env, port) : runtimeUrlOf(this.env, port, runtimeName(this.env.DOCKER_SCOPE, agentId));
  }
}
