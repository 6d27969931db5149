import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from 'typeorm';
import type { RuntimeInstanceView } from '@platform/contracts';
import { Db } from '@platform/database';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { agentDataDir, copyMemoryFile } from './agent-data.js';
import { freePort, PortProbe } from './free-port.js';
import { HostingProvider, type DeployedRuntime, type RuntimeInspection, type RuntimeSpec, type Workspace } from './hosting.provider.js';
import { LocalRuntimeEntity } from './local-runtime.entity.js';
import { agentArgument, runtimeAlive, terminate } from './process-table.js';
import { adoptable, lastWordsOf, probedState } from './runtime-answer.js';
import { runtimeEnv, runtimeNodeFlags, runtimeUrlOf } from './runtime-env.js';
import { lockPortChoices, withRuntimeLock } from './runtime-lock.js';

const LOG_FILE = 'runtime.log';
const LOG_TAIL_BYTES = 4096;
/** How often an adopted runtime's pid is looked at: it is not our child, so no exit event comes. */
const ADOPTED_POLL_MS = 1000;

/**
 * Each agent is a detached child process of services/agent-runtime on its own port, its heap
 * capped at the plan's memory. The process outlives the agents service; its pid and port are
 * recorded so a restarted service (or another replica) adopts it. Every change to one agent's
 * process happens under a transaction-scoped advisory lock on that agent, so two replicas never
 * start it twice. It is never restarted here on its own: only the platform decides that.
 */
@Injectable()
export class LocalHostingProvider extends HostingProvider implements OnApplicationShutdown {
  readonly name = 'local';
  private readonly logger = new Logger('LocalHosting');
  /** Adopted runtimes by agent, with the pid adopted; one timer looks at them all. */
  private readonly adopted = new Map<string, number>();
  private adoptedTimer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
    @Optional() private readonly ports: PortProbe = new PortProbe(),
  ) {
    super();
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  deploy(spec: RuntimeSpec): Promise<DeployedRuntime> {
    return this.locked(spec.agentId, async (manager, record) => {
      if (record) await this.end(record, spec.agentId);
      return this.launch(manager, spec, record?.port);
    });
  }

  ensure(spec: RuntimeSpec): Promise<DeployedRuntime & { adopted: boolean }> {
    return this.locked(spec.agentId, async (manager, record) => {
      if (record && runtimeAlive(record.pid, spec.agentId)) {
        if (await adoptable(this.url(record.port), spec.agentId, record.startedAt.getTime(), this.env)) {
          this.watchAdopted(spec.agentId, record.pid);
          return { runtimeUrl: this.url(record.port), adopted: true };
        }
        await this.end(record, spec.agentId);
      }
      return { ...(await this.launch(manager, spec, record?.port)), adopted: false };
    });
  }

  start(agentId: string): Promise<DeployedRuntime> {
    return this.locked(agentId, async (manager, record) => {
      if (!record) throw new Error(`No runtime to start for agent ${agentId}`);
      if (runtimeAlive(record.pid, agentId)) {
        if (record.suspended) {
          process.kill(record.pid, 'SIGCONT');
          await manager.update(LocalRuntimeEntity, { agentId }, { suspended: false });
        }
        return { runtimeUrl: this.url(record.port) };
      }
      return this.launch(manager, record.spec, record.port);
    });
  }

  async stop(agentId: string): Promise<void> {
    await this.locked(agentId, async (_manager, record) => {
      if (record) await this.end(record, agentId);
    });
  }

  restart(agentId: string): Promise<DeployedRuntime> {
    return this.locked(agentId, async (manager, record) => {
      if (!record) throw new Error(`No runtime to restart for agent ${agentId}`);
      await this.end(record, agentId);
      return this.launch(manager, record.spec, record.port);
    });
  }

  async suspend(agentId: string): Promise<void> {
    await this.locked(agentId, async (manager, record) => {
      if (!record || !runtimeAlive(record.pid, agentId)) throw new Error(`No running runtime to suspend for agent ${agentId}`);
      process.kill(record.pid, 'SIGSTOP');
      await manager.update(LocalRuntimeEntity, { agentId }, { suspended: true });
    });
  }

  async destroy(agentId: string): Promise<void> {
    await this.locked(agentId, async (manager, record) => {
      if (record) await this.end(record, agentId);
      await manager.delete(LocalRuntimeEntity, { agentId });
      await rm(this.dataDir(agentId), { recursive: true, force: true });
    });
  }

  async inspect(agentId: string): Promise<RuntimeInspection> {
    const record = await this.db.asSystem((manager) => manager.findOneBy(LocalRuntimeEntity, { agentId }));
    if (!record) return { state: 'stopped', runtimeUrl: null };
    const runtimeUrl = this.url(record.port);
    if (!runtimeAlive(record.pid, agentId)) {
      return { state: 'stopped', runtimeUrl, exitCode: record.exitCode, reason: await this.lastWords(agentId) };
    }
    if (record.suspended) return { state: 'suspended', runtimeUrl };
    return probedState(runtimeUrl, agentId, this.env.HEALTH_PROBE_TIMEOUT_MS);
  }

  async agentIds(): Promise<string[]> {
    const records = await this.db.asSystem((manager) => manager.find(LocalRuntimeEntity, { select: { agentId: true } }));
    return records.map((record) => record.agentId);
  }

  async instances(): Promise<RuntimeInstanceView[]> {
    const records = await this.db.asSystem((manager) => manager.find(LocalRuntimeEntity, { order: { startedAt: 'DESC' } }));
    return records.map((record) => {
      const alive = runtimeAlive(record.pid, record.agentId);
      return {
        agentId: record.agentId,
        pid: record.pid,
        machineId: null,
        port: record.port,
        status: !alive ? 'exited' : record.suspended ? 'suspended' : 'running',
        exitCode: alive ? null : record.exitCode,
        startedAt: record.startedAt.toISOString(),
        resources: record.spec.resources,
      };
    });
  }

  copyMemory(fromAgentId: string, toAgentId: string): Promise<void> {
    return copyMemoryFile(this.env, fromAgentId, toAgentId);
  }

  workspace(agentId: string): Workspace {
    return { path: this.dataDir(agentId), generated: [LOG_FILE] };
  }

  workspacesRoot(): string {
    return this.env.AGENT_DATA_DIR;
  }

  onApplicationShutdown(): void {
    clearInterval(this.adoptedTimer);
    this.adoptedTimer = undefined;
    this.adopted.clear();
  }

  /** Ends a runtime on purpose: its end is not news, so an adopted one is no longer watched. */
  private async end(record: LocalRuntimeEntity, agentId: string): Promise<void> {
    this.adopted.delete(agentId);
    await terminate(record.pid, agentId);
  }

  private watchAdopted(agentId: string, pid: number): void {
    this.adopted.set(agentId, pid);
    if (this.adoptedTimer) return;
    this.adoptedTimer = setInterval(() => {
      this.checkAdopted().catch((error) => this.logger.warn(`Adopted runtimes not checked: ${String(error)}`));
    }, ADOPTED_POLL_MS);
    this.adoptedTimer.unref();
  }

  /**
   * An adopted runtime that is gone is news only while its record still names the pid we adopted:
   * another replica may have ended or replaced it since, and then it is that replica's to report.
   */
  private async checkAdopted(): Promise<void> {
    for (const [agentId, pid] of this.adopted) {
      if (runtimeAlive(pid, agentId)) continue;
      this.adopted.delete(agentId);
      const record = await this.db.asSystem((manager) => manager.findOneBy(LocalRuntimeEntity, { agentId }));
      if (record?.pid === pid) this.exited({ agentId, exitCode: null, signal: null });
    }
  }

  private locked<T>(agentId: string, work: (manager: EntityManager, record: LocalRuntimeEntity | null) => Promise<T>): Promise<T> {
    return withRuntimeLock(this.db, this.name, agentId, async (manager) => work(manager, await manager.findOneBy(LocalRuntimeEntity, { agentId })));
  }

  private async launch(manager: EntityManager, spec: RuntimeSpec, wantedPort?: number): Promise<DeployedRuntime> {
    const port = await this.freePort(manager, spec.agentId, wantedPort);
    const dataDir = this.dataDir(spec.agentId);
    await mkdir(dataDir, { recursive: true });
    const log = openSync(path.join(dataDir, LOG_FILE), 'a');
    const child = spawn(process.execPath, [
      ...this.env.AGENT_RUNTIME_NODE_ARGS.split(' ').filter(Boolean),
      ...runtimeNodeFlags(spec),
      this.env.AGENT_RUNTIME_ENTRY,
      agentArgument(spec.agentId),
    ], {
      // Its own process group and no pipes to us: the agent keeps running when this service stops.
      detached: true,
      stdio: ['ignore', log, log],
      env: { PATH: process.env.PATH, ...runtimeEnv(this.env, spec, { host: this.env.AGENT_RUNTIME_HOST, port, dataDir }) },
    });
    closeSync(log);
    const pid = child.pid;
    if (pid === undefined) throw new Error(`Could not start the runtime of agent ${spec.agentId}`);
    child.once('exit', (code, signal) => {
      this.db.asSystem((other) => other.update(LocalRuntimeEntity, { agentId: spec.agentId, pid }, { exitCode: code }))
        .catch((error) => this.logger.warn(`Could not record the exit of agent ${spec.agentId}: ${String(error)}`))
        .finally(() => this.exited({ agentId: spec.agentId, exitCode: code, signal }));
    });
    child.unref();
    await manager.upsert(LocalRuntimeEntity, {
      agentId: spec.agentId, pid, port, spec, suspended: false, exitCode: null, startedAt: new Date(),
    }, ['agentId']);
    this.logger.log({ agentId: spec.agentId, pid, port, msg: 'runtime started' });
    return { runtimeUrl: this.url(port) };
  }

  /**
   * A free port no other agent's runtime is recorded on. A runtime binds its port only once booted
   * (half a minute when 20 start at once on 2 cores), so until then the OS offers that port again:
   * about one burst of 20 in 50 gave two agents one port, and the later one exited on EADDRINUSE.
   * A stopped agent's port stays its own, for its next start. Choices are made in turn until the
   * record commits, so two launches at once (on any replica) never choose the same port.
   */
  private async freePort(manager: EntityManager, agentId: string, wanted?: number): Promise<number> {
    await lockPortChoices(manager, this.name);
    const records = await manager.find(LocalRuntimeEntity, { select: { agentId: true, port: true } });
    const taken = new Set(records.filter((record) => record.agentId !== agentId).map((record) => record.port));
    return freePort(this.env.AGENT_RUNTIME_HOST, wanted, taken, this.ports);
  }

  /** The last line the runtime wrote before it stopped: a config error names the bad setting there. */
  private async lastWords(agentId: string): Promise<string | undefined> {
    try {
      const file = await open(path.join(this.dataDir(agentId), LOG_FILE));
      try {
        const { size } = await file.stat();
        const length = Math.min(size, LOG_TAIL_BYTES);
        const { buffer } = await file.read(Buffer.alloc(length), 0, length, size - length);
        return lastWordsOf(buffer.toString('utf8'));
      } finally {
        await file.close();
      }
    } catch {
      return undefined;
    }
  }

  private url(port: number): string {
    return runtimeUrlOf(this.env, port);
  }

  private dataDir(agentId: string): string {
    return agentDataDir(this.env, agentId);
  }
}
