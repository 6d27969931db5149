import { Injectable } from '@nestjs/common';
import type { RuntimeHealthBody } from '@platform/contracts';
import { AgentsClient } from '../agents/agents.client.js';
import { Clock } from '../clock.js';

/** A check waits this long for the host's figures, then keeps the runtime's own. */
const USAGE_TIMEOUT_MS = 1000;
/**
 * After the agents service says its provider measures nothing (local), or does not answer, nobody is
 * asked for this long: a check of a process-hosted agent costs no extra request.
 */
const UNMEASURED_PAUSE_MS = 60_000;

/**
 * The container metrics of an agent whose hosting provider measures its runtime (docker: the engine's
 * cgroup figures) are the host's, not what the process inside reports of itself.
 */
@Injectable()
export class HostUsage {
  private unmeasuredUntil = 0;

  constructor(private readonly agents: AgentsClient, private readonly clock: Clock) {}

  async over(agentId: string, health: RuntimeHealthBody): Promise<RuntimeHealthBody> {
    if (this.clock.now() < this.unmeasuredUntil) return health;
    try {
      const reply = await this.agents.usage(agentId, USAGE_TIMEOUT_MS);
      if (!reply.measured) this.unmeasuredUntil = this.clock.now() + UNMEASURED_PAUSE_MS;
      return reply.usage ? { ...health, ...reply.usage } : health;
    } catch {
      this.unmeasuredUntil = this.clock.now() + UNMEASURED_PAUSE_MS;
      return health;
    }
  }
}
