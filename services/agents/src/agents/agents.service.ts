import { Inject, Injectable, Logger } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { In, Not } from 'typeorm';
import {
  AGENT_MESSAGES as M, AgentConfigFields, ApiError, LIVE_AGENT_STATUSES, requireUser, validateAs, type AgentConfigSaved,
  type AgentConfigView, type AgentDetail, type AgentNamesReply, type AgentTokenView, type AuthContext, type BackendAgentListItem,
  type BusEndpointReply, type CreateAgentDto, type CreatedAgentView, type DeletedAgentView, type Envelope,
  type ProvisionedAgentList, type UpdateAgentDto, type UpdatedAgentView, type WatchTarget, type WebAgentDetail, type WebAgentList,
} from '@platform/contracts';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HeartbeatSchedules } from '../heartbeat/heartbeat-schedules.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { configWithSkills, storedConfig } from '../skills/installed-skills-config.js';
import { InstalledSkills } from '../skills/installed-skills.js';
import { AgentEntity } from './agent.entity.js';
import { newAgentFields } from './agent-factory.js';
import { AgentLifecycle, type Scope } from './agent-lifecycle.service.js';
import { aiProviderFor, DEFAULT_AGENT_PLAN, DEFAULT_MODEL } from './agent-policy.js';
import { agentDetail, backendListItem, publicUrl, webListItem } from './agent-views.js';

type UpdatedAgent = Pick<AgentEntity, 'plan' | 'aiProvider' | 'subdomain' | 'status' | 'config'>;

/** Bearer callers act for the platform; everyone else for themselves. */
export function scopeOf(auth: AuthContext): Scope {
  return auth.via === 'internal' ? 'system' : { userId: auth.userId };
}

/** A per-agent route's agent, seen with the caller's scope. */
export const agentTarget = (envelope: Envelope) => [scopeOf(requireUser(envelope)), envelope.params.id ?? ''] as const;

/** The agent records: CRUD on both surfaces, config, token, and the lookups other services ask for. */
@Injectable()
export class AgentsService {
  private readonly logger = new Logger(AgentsService.name);

  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly hosting: HostingProvider,
    private readonly heartbeats: HeartbeatSchedules,
    private readonly skills: InstalledSkills,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  /** Backend: every agent, or `x-user-id`'s when that header names one. Web: the caller's; anonymous: none. */
  async list(auth: AuthContext | null): Promise<WebAgentList | BackendAgentListItem[]> {
    if (!auth) return { agents: [], count: 0, status: 'ok' };
    const scope = scopeOf(auth);
    const filter = scope !== 'system' ? { userId: scope.userId } : auth.userId !== 'anonymous' ? { userId: auth.userId } : {};
    const agents = await this.lifecycle.inScope(scope, (manager) => manager.find(AgentEntity, { where: filter, order: { createdAt: 'DESC' } }));
    if (scope === 'system') return agents.map((agent) => backendListItem(agent, this.env.AGENT_DOMAIN));
    return { agents: agents.map((agent) => webListItem(agent, this.env.AGENT_DOMAIN)), count: agents.length, status: 'ok' };
  }

  /** GET /api/agents/provision: the caller's agents that have been sent to provisioning. */
  async listProvisioned(userId: string): Promise<ProvisionedAgentList> {
    const agents = await this.lifecycle.inScope({ userId }, (manager) =>
      manager.find(AgentEntity, { where: { userId, status: Not('pending') }, order: { createdAt: 'DESC' } }));
    return { agents: agents.map((agent) => webListItem(agent, this.env.AGENT_DOMAIN)), count: agents.length };
  }

  async get(auth: AuthContext, id: string): Promise<AgentDetail | WebAgentDetail> {
    const scope = scopeOf(auth);
    const detail = agentDetail(await this.lifecycle.find(scope, id), this.env.AGENT_DOMAIN);
    return scope === 'system' ? detail : { agent: detail, status: 'ok' };
  }

  /** POST /api/agents (backend): metadata only; the agent waits in `pending` for a start. */
  async create(auth: AuthContext, dto: CreateAgentDto): Promise<CreatedAgentView> {
    const config = dto.config ?? {};
    const { plan, aiProvider } = validateAs(AgentConfigFields, config);
    const agent = await this.lifecycle.create('system', newAgentFields({
      userId: auth.userId,
      name: dto.name.trim(),
      plan: plan ?? DEFAULT_AGENT_PLAN,
      model: DEFAULT_MODEL,
      aiProvider: aiProvider ?? aiProviderFor(DEFAULT_MODEL, this.env.AI_PROVIDER),
      config,
      status: 'pending',
    }, this.env.AGENT_RUNTIME_VERSION));
    return {
      id: agent.id,
      name: agent.name,
      agentId: agent.id,
      status: agent.status,
      subdomain: agent.subdomain,
      url: publicUrl(agent, this.env.AGENT_DOMAIN),
      createdAt: agent.createdAt.toISOString(),
    };
  }

  /** PUT /api/agents/:id (backend): plan, provider and config take effect on the next (re)deploy; a config's `skills` is dropped (decision 215). */
  async update(id: string, dto: UpdateAgentDto): Promise<UpdatedAgentView> {
    const changes: Partial<AgentEntity> = {
      ...(dto.plan ? { plan: dto.plan } : {}),
      ...(dto.aiProvider ? { aiProvider: dto.aiProvider } : {}),
      ...(dto.config ? { config: storedConfig(dto.config) } : {}),
    };
    const updated = await this.updateOne('system', id, changes);
    return { id, plan: updated.plan, aiProvider: updated.aiProvider, subdomain: updated.subdomain, status: updated.status, message: M.agentUpdated };
  }

  /**
   * Best-effort: succeeds for an unknown agent; a runtime that will not go is the reconciler's to end,
   * a heartbeat schedule left behind removes itself at its next tick (its settings went with the agent).
   * A malformed id names no agent and no runtime, so it never reaches the provider's uuid column.
   */
  async delete(id: string): Promise<DeletedAgentView> {
    if (!isUUID(id)) return { id, deleted: true };
    await this.lifecycle.tryTransition(id, 'delete');
    await this.heartbeats.remove(id).catch((error) => this.logger.warn(`Heartbeat schedule of deleted agent ${id} not removed: ${String(error)}`));
    await this.hosting.destroy(id).catch((error) => this.logger.warn(`Runtime of deleted agent ${id} not destroyed: ${String(error)}`));
    return { id, deleted: true };
  }

  /** The config as the agent's runtime gets it: the stored settings and the installed skills. */
  async config(scope: Scope, id: string): Promise<AgentConfigView> {
    const agent = await this.lifecycle.find(scope, id);
    return { id, plan: agent.plan, model: agent.model, aiProvider: agent.aiProvider, config: configWithSkills(agent.config, await this.skills.ofAgent(agent.id)) };
  }

  /** A `skills` sent with the config is dropped (decision 215); the answer shows the config as GET does. */
  async putConfig(scope: Scope, id: string, config: Record<string, unknown>): Promise<AgentConfigSaved> {
    const updated = await this.updateOne(scope, id, { config: storedConfig(config) });
    return { success: true, id, config: configWithSkills(updated.config, await this.skills.ofAgent(id)) };
  }

  async token(scope: Scope, id: string): Promise<AgentTokenView> {
    const agent = await this.lifecycle.find(scope, id);
    return { agentId: id, token: agent.gatewayToken };
  }

  /** The watchdog reconciles its schedules with this at boot. */
  async watchTargets(): Promise<{ agents: WatchTarget[] }> {
    const agents = await this.lifecycle.inScope('system', (manager) =>
      manager.find(AgentEntity, { where: { status: In([...LIVE_AGENT_STATUSES]) } }));
    return {
      agents: agents.filter((agent) => agent.runtimeUrl).map((agent) => ({
        agentId: agent.id, userId: agent.userId, status: agent.status, runtimeUrl: agent.runtimeUrl!,
      })),
    };
  }

  /** Where the bus delivers an agent's messages, with the token its runtime checks; null for no such agent. */
  async busEndpoint(agentId: string): Promise<BusEndpointReply> {
    const agent = isUUID(agentId) ? await this.lifecycle.inScope('system', (manager) => manager.findOneBy(AgentEntity, { id: agentId })) : null;
    return agent && { agentId, userId: agent.userId, status: agent.status, runtimeUrl: agent.runtimeUrl, gatewayToken: agent.gatewayToken };
  }

  async names(userId: string, agentIds: string[]): Promise<AgentNamesReply> {
    const ids = agentIds.filter((id) => isUUID(id));
    const agents = ids.length
      ? await this.lifecycle.inScope('system', (manager) => manager.find(AgentEntity, { where: { userId, id: In(ids) }, select: { id: true, name: true } }))
      : [];
    return { names: Object.fromEntries(agents.map((agent) => [agent.id, agent.name])) };
  }

  /** One statement, so a PUT racing a DELETE answers 404 rather than 200 for a row that is gone. */
  private async updateOne(scope: Scope, id: string, changes: Partial<AgentEntity>): Promise<UpdatedAgent> {
    const updated = isUUID(id) ? await this.lifecycle.inScope(scope, async (manager) => {
      const result = await manager.createQueryBuilder().update(AgentEntity).set(changes).where({ id })
        .returning('plan, ai_provider AS "aiProvider", subdomain, status, config').execute();
      return result.affected ? (result.raw as UpdatedAgent[])[0] : null;
    }) : null;
    if (!updated) throw new ApiError(404, M.agentNotFound);
    return updated;
  }
}
