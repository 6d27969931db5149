import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { LIVE_AGENT_STATUSES, UnavailableError } from '@platform/contracts';
import { HeldRetries, QueueFactory } from '@platform/queue';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { InstalledSkills } from '../skills/installed-skills.js';
import { AgentEntity } from './agent.entity.js';
import { AgentLifecycle } from './agent-lifecycle.service.js';
import { HAS_RUNTIME, IN_PROGRESS } from './agent-state-machine.js';
import { enqueueProvision } from './provision-job.js';
import { runtimeSpecOf } from './runtime-spec.js';

/**
 * At boot of a worker: every live agent keeps the runtime it has (adopted) or gets it back
 * (re-created), a runtime whose agent is gone or stopped is ended, and one whose agent is suspended
 * is paused (a crash may have come between the suspension and the pause). Every in-progress agent gets
 * its provisioning job queued again under the same id: a no-op when the job exists (BullMQ hands a
 * job held by a dead process to another worker), and the job itself when a crash came between
 * saving the status and queuing it. A job Redis cannot take yet (it is still coming up, or away)
 * is queued again every second until it can.
 */
@Injectable()
export class RuntimeReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RuntimeReconciler.name);
  private readonly requeues: HeldRetries<AgentEntity>;

  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly hosting: HostingProvider,
    private readonly skills: InstalledSkills,
    queues: QueueFactory,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {
    this.requeues = new HeldRetries({
      capacity: 10_000,
      retryIntervalMs: 1000,
      deliver: (agent) => enqueueProvision(queues, agent),
      isPermanent: (error) => !(error instanceof UnavailableError),
      onDrop: (agent, error) => this.logger.error({ agentId: agent.id, msg: `${agent.status} job not queued again: ${String(error)}` }),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.env, 'worker') || !this.env.PROVISIONING_ENABLED) return;
    await this.reconcile();
  }

  async reconcile(): Promise<void> {
    const agents = new Map((await this.lifecycle.inScope('system', (manager) => manager.find(AgentEntity)))
      .map((agent) => [agent.id, agent]));
    for (const agentId of await this.hosting.agentIds()) {
      const agent = agents.get(agentId);
      if (!agent) await this.settle(agentId, () => this.hosting.destroy(agentId), 'ended', 'its agent is gone');
      else if (agent.status === 'suspended') await this.settle(agentId, () => this.hosting.pause(agentId), 'paused', 'its agent is suspended');
      else if (!HAS_RUNTIME.includes(agent.status)) await this.settle(agentId, () => this.hosting.stop(agentId), 'ended', `its agent is ${agent.status}`);
    }
    const live = [...agents.values()].filter((agent) => LIVE_AGENT_STATUSES.includes(agent.status));
    const skills = await this.skills.of(live.map((agent) => agent.id));
    for (const agent of agents.values()) {
      if (IN_PROGRESS.includes(agent.status)) await this.requeues.offer(agent);
      if (!LIVE_AGENT_STATUSES.includes(agent.status)) continue;
      try {
        const runtime = await this.hosting.ensure(runtimeSpecOf(agent, skills.get(agent.id) ?? []));
        this.logger.log({ agentId: agent.id, msg: runtime.adopted ? 'runtime adopted' : 'runtime re-created' });
        if (runtime.runtimeUrl !== agent.runtimeUrl) await this.lifecycle.moveRuntime(agent.id, runtime.runtimeUrl);
      } catch (error) {
        this.logger.error({ agentId: agent.id, msg: `Runtime neither adopted nor re-created: ${String(error)}` });
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.requeues.close();
  }

  private async settle(agentId: string, work: () => Promise<void>, done: 'ended' | 'paused', why: string): Promise<void> {
    await work().then(
      () => this.logger.log({ agentId, msg: `runtime ${done}: ${why}` }),
      (error) => this.logger.warn({ agentId, msg: `runtime not ${done} (${why}): ${String(error)}` }),
    );
  }
}
