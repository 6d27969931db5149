import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AGENT_MESSAGES as M, ApiError, ERROR_CODES, QUEUES, type AgentActionReply, type AgentPlan, type AuthContext, type DeploymentDto,
  type DeploymentView, type HostingStatusReply, type ProvisionAgentDto, type ProvisionedAgentView,
} from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import type { EntityManager } from 'typeorm';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { AgentEntity } from './agent.entity.js';
import { enqueueProvision } from './provision-job.js';
import { newAgentFields } from './agent-factory.js';
import { AgentLifecycle, type Scope } from './agent-lifecycle.service.js';
import { aiProviderFor, callerTier, DEFAULT_AGENT_PLAN, DEFAULT_MODEL, paysForRuntimes, resourcesOf, tierAllowed, TIER_PLAN } from './agent-policy.js';
import { backendLimit, webLimit, type LimitCheck } from './provisioning-limits.js';
import { wantsRuntime, type AgentAction } from './agent-state-machine.js';
import { createdAgent } from './agent-views.js';
import { scopeOf } from './agents.service.js';

export interface DeploySteps {
  record?: (manager: EntityManager, agentId: string) => Promise<void>;
  seed?: (agentId: string) => Promise<void>;
}

export interface Deployment {
  userId: string;
  name: string;
  plan: AgentPlan;
  model: string;
  aiProvider: string;
  config: Record<string, unknown>;
}

/**
 * Everything that asks the hosting provider for work: web provisioning and backend deployments
 * (one path, two limit rules), and the lifecycle actions. The slow part runs in the
 * `agents.provision` job (ProvisionWorker); requests return once the agent is queued.
 */
@Injectable()
export class ProvisioningService {
  private readonly logger = new Logger(ProvisioningService.name);

  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly hosting: HostingProvider,
    private readonly queues: QueueFactory,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  async hostingStatus(): Promise<HostingStatusReply> {
    return {
      reachable: await this.hosting.reachable().catch(() => false),
      provisioningEnabled: this.env.PROVISIONING_ENABLED,
      provider: this.hosting.name,
    };
  }

  /** POST /api/agents/provision (and its legacy path POST /api/provision): subscription, tier limit (429), tier forwarded as plan. */
  async provision(auth: AuthContext, dto: ProvisionAgentDto): Promise<ProvisionedAgentView> {
    this.requireProvisioning();
    this.requirePayer(auth);
    const held = callerTier(auth.plan, auth.isAdmin);
    if (dto.tier && !tierAllowed(dto.tier, held)) throw new ApiError(402, M.tierNotInPlan, { code: ERROR_CODES.planRequired });
    const model = dto.model ?? DEFAULT_MODEL;
    const agent = await this.deploy({
      userId: auth.userId,
      name: dto.name.trim(),
      plan: dto.tier ? TIER_PLAN[dto.tier] : DEFAULT_AGENT_PLAN,
      model,
      aiProvider: aiProviderFor(model, this.env.AI_PROVIDER),
      config: dto.config ?? {},
    }, { userId: auth.userId }, webLimit(auth));
    return { success: true, agent: { ...createdAgent(agent, this.env.AGENT_DOMAIN), model: agent.model } };
  }

  /** POST /api/deployments (backend): limit by plan, 402 AGENT_LIMIT_REACHED. */
  async deployment(dto: DeploymentDto): Promise<DeploymentView> {
    this.requireProvisioning();
    const plan = dto.plan ?? DEFAULT_AGENT_PLAN;
    const model = dto.model ?? DEFAULT_MODEL;
    const agent = await this.deploy({
      userId: dto.userId,
      name: dto.name.trim(),
      plan,
      model,
      aiProvider: dto.aiProvider ?? aiProviderFor(model, this.env.AI_PROVIDER),
      config: dto.config ?? {},
    }, 'system', backendLimit(plan));
    return {
      success: true,
      agentId: agent.id,
      name: agent.name,
      status: agent.status,
      plan,
      resources: resourcesOf(plan),
      subdomain: agent.subdomain,
      createdAt: agent.createdAt.toISOString(),
    };
  }

  /**
   * start, restart, update and repair: a status the job works on, then the job. One that would bring
   * up a runtime the agent has not got (a suspended agent's included: start resumes it) is for a
   * paying caller only, else 402, so stopping a suspended agent and starting it again is no way around billing.
   */
  async queueAction(auth: AuthContext, id: string, action: Extract<AgentAction, 'start' | 'restart' | 'update' | 'repair'>): Promise<AgentActionReply> {
    this.requireProvisioning();
    const agent = await this.lifecycle.transition(scopeOf(auth), id, action, {}, (current) => {
      if (wantsRuntime(action, current.status) && !paysForRuntimes(auth)) throw subscriptionRequired();
    });
    await this.enqueue(agent);
    return { success: true, id: agent.id, status: agent.status };
  }

  /** Stopping is quick with every provider: done in the request, stopping then stopped. */
  async stop(scope: Scope, id: string): Promise<AgentActionReply> {
    this.requireProvisioning();
    await this.lifecycle.transition(scope, id, 'stop');
    try {
      await this.hosting.stop(id);
    } catch (error) {
      await this.lifecycle.tryTransition(id, 'fail', { reason: `Stop failed: ${String(error)}` });
      throw error;
    }
    const agent = await this.lifecycle.transition('system', id, 'halted');
    return { success: true, id, status: agent.status };
  }

  /** The watchdog's repair: re-create the runtime of a live agent. Off with the kill switch. Null when nothing changed. */
  async heal(id: string, reason: string): Promise<AgentEntity | null> {
    if (!this.env.PROVISIONING_ENABLED) {
      this.logger.warn({ agentId: id, msg: `Repair not started, provisioning is disabled: ${reason}` });
      return null;
    }
    const agent = await this.lifecycle.tryTransition(id, 'heal', { reason });
    if (agent) await this.enqueue(agent);
    return agent;
  }

  /** Crash loop or repairs exhausted: error with the reason, and the runtime stopped so nothing restarts it. Null when nothing changed. */
  async fail(id: string, reason: string): Promise<AgentEntity | null> {
    const agent = await this.lifecycle.tryTransition(id, 'fail', { reason });
    if (agent) {
      await this.hosting.stop(id).catch((error) => this.logger.warn({ agentId: id, msg: `Failed agent's runtime not stopped: ${String(error)}` }));
    }
    return agent;
  }

  /**
   * Billing's suspension: the status first, so a job in flight cannot bring the agent to running,
   * then the runtime paused. The runtime is paused also when the agent was suspended already: a
   * redelivered event finishes what a crash cut short (any other status that refuses the suspension
   * has no runtime to keep). Null when the status did not change. Not behind the kill switch: it
   * only takes runtimes away.
   */
  async suspend(id: string, reason: string): Promise<AgentEntity | null> {
    const agent = await this.lifecycle.tryTransition(id, 'suspend', { reason });
    await this.hosting.pause(id);
    return agent;
  }

  /**
   * Billing's resumption of a suspended agent, through the provisioning job as a start. Off with the
   * kill switch, like the watchdog's repairs: the agent stays suspended and its owner's start resumes
   * it later. Null when nothing changed.
   */
  async resume(id: string): Promise<AgentEntity | null> {
    if (!this.env.PROVISIONING_ENABLED) {
      this.logger.warn({ agentId: id, msg: 'Resume not started, provisioning is disabled: the agent stays suspended' });
      return null;
    }
    const agent = await this.lifecycle.tryTransition(id, 'resume');
    if (agent) await this.enqueue(agent);
    return agent;
  }

  requireProvisioning(): void {
    if (!this.env.PROVISIONING_ENABLED) throw new ApiError(500, M.provisioningDisabled);
  }

  /** A web caller must pay for the runtimes it brings up (402); a bearer caller acts for the platform. */
  requirePayer(auth: AuthContext): void {
    if (!paysForRuntimes(auth)) throw subscriptionRequired();
  }

  /**
   * One path for web, backend and clones: count and insert under a per-user advisory lock, so two
   * requests at once cannot both take the last place. `steps.record` writes in the same
   * transaction as the agent (after the limit passed); `steps.seed` prepares its workspace before
   * the job can start its runtime.
   */
  async deploy(deployment: Deployment, scope: Scope, checkLimit: LimitCheck, steps: DeploySteps = {}): Promise<AgentEntity> {
    const fields = newAgentFields({ ...deployment, status: 'provisioning' }, this.env.AGENT_RUNTIME_VERSION);
    const agent = await this.lifecycle.create(scope, fields, async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`agents-of:${deployment.userId}`]);
      checkLimit(await manager.count(AgentEntity, { where: { userId: deployment.userId } }));
      await steps.record?.(manager, fields.id);
    });
    if (steps.seed) {
      await steps.seed(agent.id).catch(async (error) => {
        await this.lifecycle.tryTransition(agent.id, 'fail', { reason: 'Could not prepare the agent\'s workspace' });
        throw error;
      });
    }
    await this.enqueue(agent);
    return agent;
  }

  private async enqueue(agent: AgentEntity): Promise<void> {
    try {
      await enqueueProvision(this.queues, agent);
    } catch (error) {
      await this.lifecycle.tryTransition(agent.id, 'fail', { reason: 'Could not queue the deployment' });
      throw error;
    }
  }
}

function subscriptionRequired(): ApiError {
  return new ApiError(402, M.subscriptionRequired, { code: ERROR_CODES.subscriptionRequired });
}
