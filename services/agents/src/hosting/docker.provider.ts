import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { mkdir, rm } from 'node:fs/promises';
import { constants } from 'node:os';
import type Docker from 'dockerode';
import type { RuntimeInstanceView } from '@platform/contracts';
import { Db } from '@platform/database';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { agentDataDir, copyMemoryFile } from './agent-data.js';
import { DockerEngine, isConflict, isMissing, type EngineEvent, type EventWatch } from './docker-engine.js';
import { freePort } from './free-port.js';
import {
  HostingProvider, type DeployedRuntime, type RuntimeInspection, type RuntimeSpec, type RuntimeUsage, type Workspace,
} from './hosting.provider.js';
import { agentArgument } from './process-table.js';
import { answeringAs, lastWordsOf } from './runtime-answer.js';
import { memoryBytesOf, runtimeEnv, runtimeNodeFlags, runtimeUrlOf } from './runtime-env.js';
import { labelledRuntime, RUNTIME_LABELS, runtimeLabels, runtimeName, scopeFilter, volumeName } from './runtime-labels.js';
import { withRuntimeLock } from './runtime-lock.js';

/** The runtime's entry in the platform image (WORKDIR /app), what SERVICE=agent-runtime runs. */
const RUNTIME_ENTRY = 'services/agent-runtime/dist/main.js';
/** Where a container listens when it has a network of its own (not the host's): every runtime on the same port. */
const CONTAINER_PORT = 18789;
/** The agent's volume inside its container. */
const CONTAINER_DATA_DIR = '/data';
/** SIGTERM, then SIGKILL this many seconds later: the runtime closes its server and files in well under that. */
const STOP_GRACE_SECONDS = 3;
/** Enough of the log for the runtime's last line (a config error is one line, before a few of Node's own). */
const LOG_TAIL_LINES = 20;
/** Processes one runtime may hold: a fork bomb in an agent's tools stops there, not at the host's limit. */
const PIDS_LIMIT = 256;
/** The exit of a container the kernel killed for its memory limit: the cgroup, not V8, ended it. */
const OOM_KILLED = 'SIGKILL (out of memory)';
const NANO_CPUS = 1e9;

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name]));

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
export class DockerHostingProvider extends HostingProvider implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'docker';
  override readonly measuresUsage = true;
  private readonly logger = new Logger('DockerHosting');
  private events?: EventWatch;
  /** The previous CPU reading per container: the engine gives cumulative nanoseconds, the share is their rate. */
  private readonly cpuReadings = new Map<string, { usedNs: number; atMs: number }>();

  constructor(private readonly db: Db, private readonly engine: DockerEngine, @Inject(AGENTS_ENV) private readonly env: AgentsEnv) {
    super();
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
    return this.locked(spec.agentId, async (container) => {
      if (container) await this.remove(container);
      return this.create(spec, container ? labelledRuntime(container.Config.Labels)?.port : undefined);
    });
  }

  ensure(spec: RuntimeSpec): Promise<DeployedRuntime & { adopted: boolean }> {
    return this.locked(spec.agentId, async (container) => {
      if (container?.State.Running && !container.State.Paused) {
        const runtimeUrl = this.urlOf(container);
        const answering = (await answeringAs(runtimeUrl, this.env.HEALTH_PROBE_TIMEOUT_MS)) === spec.agentId;
        const starting = Date.now() - Date.parse(container.State.StartedAt) < this.env.RUNTIME_STARTUP_GRACE_MS;
        if (answering || starting) return { runtimeUrl, adopted: true };
      }
      if (container) await this.remove(container);
      return { ...(await this.create(spec, container ? labelledRuntime(container.Config.Labels)?.port : undefined)), adopted: false };
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
      await this.engine.api.getVolume(volumeName(this.env.DOCKER_SCOPE, agentId)).remove().catch((error) => {
        if (!isMissing(error)) throw error;
      });
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
    const answeringAsId = await answeringAs(runtimeUrl, this.env.HEALTH_PROBE_TIMEOUT_MS);
    if (answeringAsId === undefined) return { state: 'starting', runtimeUrl };
    return { state: answeringAsId === agentId ? 'healthy' : 'unhealthy', runtimeUrl };
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

  /**
   * The engine's figures for the container (its cgroup), as `docker stats` shows them: memory without
   * the inactive page cache, CPU as the rate of its used time since the previous reading (since its
   * start for the first), in shares of one core.
   */
  override async usage(agentId: string): Promise<RuntimeUsage | null> {
    const container = await this.find(agentId);
    if (!container?.State.Running) return null;
    const stats = await this.engine.api.getContainer(container.Id).stats({ stream: false, 'one-shot': true } as { stream: false });
    const memory = stats.memory_stats;
    const inactive = Number((memory.stats as Record<string, number> | undefined)?.total_inactive_file ?? 0);
    const usedNs = stats.cpu_stats.cpu_usage.total_usage;
    const atMs = Date.parse(stats.read);
    const previous = this.cpuReadings.get(container.Id) ?? { usedNs: 0, atMs: Date.parse(container.State.StartedAt) };
    this.cpuReadings.set(container.Id, { usedNs, atMs });
    const elapsedNs = (atMs - previous.atMs) * 1e6;
    return {
      cpuPercent: elapsedNs > 0 ? Math.round(((usedNs - previous.usedNs) / elapsedNs) * 1000) / 10 : 0,
      memoryBytes: Math.max(memory.usage - inactive, 0),
      memoryLimitBytes: memory.limit,
    };
  }

  copyMemory(fromAgentId: string, toAgentId: string): Promise<void> {
    return copyMemoryFile(this.env, fromAgentId, toAgentId);
  }

  /** The volume's data lies in AGENT_DATA_DIR/<id> on the engine's host (a bind-backed volume), where the explorer reads it. */
  workspace(agentId: string): Workspace {
    return { path: agentDataDir(this.env, agentId), generated: [] };
  }

  workspacesRoot(): string {
    return this.env.AGENT_DATA_DIR;
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
    this.cpuReadings.delete(container.Id);
    const exitCode = container.State.ExitCode;
    const signal = container.State.OOMKilled ? OOM_KILLED : exitCode > 128 ? SIGNAL_NAMES.get(exitCode - 128) ?? null : null;
    this.exited({ agentId, exitCode, signal });
  }

  private locked<T>(agentId: string, work: (container: Container | null) => Promise<T>): Promise<T> {
    return withRuntimeLock(this.db, this.name, agentId, async () => work(await this.find(agentId)));
  }

  private async find(agentId: string): Promise<Container | null> {
    try {
      return await this.engine.api.getContainer(runtimeName(this.env.DOCKER_SCOPE, agentId)).inspect();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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
    this.cpuReadings.delete(container.Id);
    await this.engine.api.getContainer(container.Id).remove({ force: true }).catch((error) => {
      if (!isMissing(error)) throw error;
    });
  }

  private async recreate(container: Container): Promise<DeployedRuntime> {
    const runtime = labelledRuntime(container.Config.Labels);
    if (!runtime) throw new Error(`Container ${container.Name} carries no runtime spec`);
    await this.remove(container);
    return this.create(runtime.spec, runtime.port);
  }

  private async create(spec: RuntimeSpec, wantedPort?: number): Promise<DeployedRuntime> {
    const hostNetwork = this.env.DOCKER_NETWORK === 'host';
    const port = hostNetwork ? await freePort(this.env.AGENT_RUNTIME_HOST, wantedPort) : CONTAINER_PORT;
    const volume = await this.volumeFor(spec);
    const env = runtimeEnv(this.env, spec, { host: hostNetwork ? this.env.AGENT_RUNTIME_HOST : '0.0.0.0', port, dataDir: CONTAINER_DATA_DIR });
    const memory = memoryBytesOf(spec);
    const container = await this.engine.api.createContainer({
      name: runtimeName(this.env.DOCKER_SCOPE, spec.agentId),
      Image: this.env.PLATFORM_IMAGE,
      Cmd: ['node', ...runtimeNodeFlags(spec), RUNTIME_ENTRY, agentArgument(spec.agentId)],
      Env: Object.entries({ SERVICE: 'agent-runtime', ...env }).map(([name, value]) => `${name}=${value}`),
      // This service's own user: the runtime's files on the volume stay readable and writable by the file explorer.
      User: `${process.getuid?.() ?? 1000}:${process.getgid?.() ?? 1000}`,
      Labels: runtimeLabels(this.env.DOCKER_SCOPE, spec, port),
      HostConfig: {
        NetworkMode: this.env.DOCKER_NETWORK,
        // Memory and swap alike, so the plan's memory is all it gets: past it the kernel kills the runtime.
        Memory: memory,
        MemorySwap: memory,
        NanoCpus: Math.round(spec.resources.cpus * NANO_CPUS),
        PidsLimit: PIDS_LIMIT,
        RestartPolicy: { Name: 'no' },
        Mounts: [{ Type: 'volume', Source: volume, Target: CONTAINER_DATA_DIR }],
        // The image is code, not the agent's to change; scratch space in /tmp counts against its memory.
        ReadonlyRootfs: true,
        Tmpfs: { '/tmp': 'rw,nosuid,nodev' },
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        LogConfig: { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '2' } },
      },
    }).catch((error) => {
      // The name is the agent's: a twin was made outside the lock (another platform with this DOCKER_SCOPE?).
      if (isConflict(error)) throw new Error(`Agent ${spec.agentId} already has a container on the engine; not starting a second`);
      throw error;
    });
    await container.start();
    this.logger.log({ agentId: spec.agentId, containerId: container.id, port, msg: 'runtime container started' });
    return { runtimeUrl: this.url(port, spec.agentId) };
  }

  /**
   * The agent's named volume, backed by its folder under AGENT_DATA_DIR on the engine's host (the local
   * driver's bind): removed with the agent, labelled like its container, and where the explorer finds it.
   */
  private async volumeFor(spec: RuntimeSpec): Promise<string> {
    const dataDir = agentDataDir(this.env, spec.agentId);
    await mkdir(dataDir, { recursive: true });
    const name = volumeName(this.env.DOCKER_SCOPE, spec.agentId);
    await this.engine.api.createVolume({
      Name: name,
      Driver: 'local',
      DriverOpts: { type: 'none', o: 'bind', device: dataDir },
      Labels: { [RUNTIME_LABELS.scope]: this.env.DOCKER_SCOPE, [RUNTIME_LABELS.agent]: spec.agentId, [RUNTIME_LABELS.owner]: spec.userId },
    });
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
