import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { ApiError, QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HostingProvider, type DeployedRuntime } from '../hosting/hosting.provider.js';
import { exitReason } from '../hosting/runtime-exit.js';
import { InstalledSkills } from '../skills/installed-skills.js';
import type { AgentEntity } from './agent.entity.js';
import { AgentLifecycle } from './agent-lifecycle.service.js';
import { HAS_RUNTIME, IN_PROGRESS } from './agent-state-machine.js';
import { runtimeSpecOf } from './runtime-spec.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The `agents.provision` job: whatever in-progress status the agent is in (provisioning,
 * restarting, updating, repairing), get it a healthy runtime and move it to running, or to error
 * with the reason. A job for an agent no longer in progress is stale and does nothing, so a
 * redelivered job is harmless. The job throws only when the agent cannot be read (BullMQ retries);
 * otherwise the outcome is the agent's status.
 */
@Injectable()
export class ProvisionWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProvisionWorker.name);

  constructor(
    private readonly queues: QueueFactory,
    private readonly lifecycle: AgentLifecycle,
    private readonly hosting: HostingProvider,
    private readonly skills: InstalledSkills,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.agentsProvision, (job) => this.run(job.agentId), { concurrency: this.env.PROVISION_CONCURRENCY });
  }

  async run(agentId: string): Promise<void> {
    const agent = await this.findIfAny(agentId);
    if (!agent || !IN_PROGRESS.includes(agent.status)) return;
    try {
      const deployed = await this.withDeployTimeout(this.runtimeFor(agent));
      const ready = await this.waitForHealthy(agentId)
        && await this.lifecycle.tryTransition(agentId, 'ready', { runtimeUrl: deployed.runtimeUrl, startedAt: new Date() });
      if (!ready) await this.dropUnwanted(agentId);
      this.logger.log({ agentId, msg: ready ? `${agent.status} -> running` : 'runtime no longer wanted' });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ agentId, msg: `${agent.status} failed: ${reason}` });
      await this.hosting.stop(agentId).catch(() => undefined);
      await this.lifecycle.tryTransition(agentId, 'fail', { reason });
    }
  }

  /**
   * `restarting` keeps the runtime; a `provisioning` agent whose runtime is suspended was resumed
   * (billing, or its owner's start) and goes on where it was paused; everything else is re-created
   * from the current config.
   */
  private async runtimeFor(agent: AgentEntity): Promise<DeployedRuntime> {
    if (agent.status === 'restarting') return this.hosting.restart(agent.id);
    if (agent.status === 'provisioning' && (await this.hosting.inspect(agent.id)).state === 'suspended') return this.hosting.start(agent.id);
    return this.hosting.deploy(runtimeSpecOf(agent, await this.skills.ofAgent(agent.id)));
  }

  /**
   * Poll until healthy (true), or until the agent no longer waits for it (false: stopped, suspended or
   * deleted meanwhile, so a suspended runtime is not waited on until the timeout); a runtime that exits
   * on the way fails at once with its exit reason.
   */
  private async waitForHealthy(agentId: string): Promise<boolean> {
    let stoppedBefore = false;
    for (const deadline = Date.now() + this.env.HEALTH_TIMEOUT_MS; Date.now() < deadline; await sleep(this.env.HEALTH_POLL_INTERVAL_MS)) {
      if (!(await this.stillInProgress(agentId))) return false;
      const inspection = await this.hosting.inspect(agentId);
      if (inspection.state === 'healthy') return true;
      // The exit code is recorded just after the exit: look once more before reporting without it.
      if (inspection.state === 'stopped' && (inspection.exitCode != null || stoppedBefore)) throw new Error(exitReason({ exitCode: inspection.exitCode ?? null }, inspection.reason));
      stoppedBefore = inspection.state === 'stopped';
    }
    throw new Error(`Runtime not healthy after ${this.env.HEALTH_TIMEOUT_MS / 1000} s`);
  }

  private withDeployTimeout(deploying: Promise<DeployedRuntime>): Promise<DeployedRuntime> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Deployment timed out after ${this.env.DEPLOY_TIMEOUT_MS / 1000} s`)), this.env.DEPLOY_TIMEOUT_MS);
    });
    return Promise.race([deploying, timeout]).finally(() => clearTimeout(timer));
  }

  /** Stopped, suspended or deleted while it was being deployed: the runtime just made must not serve. */
  private async dropUnwanted(agentId: string): Promise<void> {
    const agent = await this.findIfAny(agentId);
    if (!agent) await this.hosting.destroy(agentId);
    else if (agent.status === 'suspended') await this.hosting.pause(agentId);
    else if (!HAS_RUNTIME.includes(agent.status)) await this.hosting.stop(agentId);
  }

  /** A failed read is no verdict: polling goes on, and the transition to running decides. */
  private async stillInProgress(agentId: string): Promise<boolean> {
    return this.findIfAny(agentId).then((agent) => agent !== null && IN_PROGRESS.includes(agent.status), () => true);
  }

  /** Only a 404 means the agent is gone; any other error throws so BullMQ retries the job. */
  private async findIfAny(agentId: string): Promise<AgentEntity | null> {
    try {
      return await this.lifecycle.find('system', agentId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }
}
