import { Injectable } from '@nestjs/common';
import { In, Not, IsNull } from 'typeorm';
import {
  AGENT_MESSAGES as M, ApiError, forbidden, LIVE_AGENT_STATUSES, RUNTIME_PATHS, type AuthContext, type InstanceQuery, type RuntimeInstancesReply,
  type RuntimeUsageReply,
} from '@platform/contracts';
import { AgentEntity } from '../agents/agent.entity.js';
import { AgentLifecycle } from '../agents/agent-lifecycle.service.js';
import { RuntimeClient } from '../agents/runtime-client.js';
import { HostingProvider } from '../hosting/hosting.provider.js';

type InstancePath = typeof RUNTIME_PATHS.health | typeof RUNTIME_PATHS.stats;

/**
 * The runtimes seen from outside: the hosting provider's list for the platform, and a user's own
 * runtime read through the platform, which adds the gateway token so the browser never holds it.
 */
@Injectable()
export class InstancesService {
  constructor(private readonly lifecycle: AgentLifecycle, private readonly runtime: RuntimeClient, private readonly hosting: HostingProvider) {}

  async list(): Promise<RuntimeInstancesReply> {
    const instances = await this.hosting.instances();
    return { provider: this.hosting.name, instances, count: instances.length };
  }

  /** The watchdog's container metrics: the host's reading of the runtime, where the host measures one. */
  async usage(agentId: string): Promise<RuntimeUsageReply> {
    if (!this.hosting.measuresUsage) return { measured: false, usage: null };
    return { measured: true, usage: await this.hosting.usage(agentId) };
  }

  /** GET /api/instance/:userId(/stats): the caller's own only (403); `agentId` picks the agent, else the most recently started live one. */
  async read(auth: AuthContext, userId: string, query: InstanceQuery, path: InstancePath) {
    if (auth.userId !== userId) throw forbidden();
    const agent = query.agentId ? await this.lifecycle.find({ userId }, query.agentId) : await this.latestLive(userId);
    return { agentId: agent.id, ...(await this.runtime.read(agent, path)) };
  }

  private async latestLive(userId: string): Promise<AgentEntity> {
    const agent = await this.lifecycle.inScope({ userId }, (manager) => manager.findOne(AgentEntity, {
      where: { userId, status: In([...LIVE_AGENT_STATUSES]), runtimeUrl: Not(IsNull()) },
      order: { startedAt: { direction: 'DESC', nulls: 'LAST' }, createdAt: 'DESC' },
    }));
    if (!agent) throw new ApiError(404, M.noRunningAgent);
    return agent;
  }
}
