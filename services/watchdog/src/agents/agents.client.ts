import { Inject, Injectable } from '@nestjs/common';
import {
  AGENT_STATUSES, HealthReport, RuntimeUsageQuery, SUBJECTS, validateAs, WatchdogFailRequest, WatchdogRepairRequest, WatchTarget,
  type AgentStatusReply, type RuntimeUsageReply, type Subject, type WatchTargetsReply,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';

/** The agents service refused a request (its reply was an error, not where the agent stands). */
class AgentsRefusedError extends Error {}

/** The agents service's watchdog subjects, with every request and reply held to its contract. */
@Injectable()
export class AgentsClient {
  constructor(private readonly rpc: RpcClient, @Inject(WATCHDOG_ENV) private readonly env: WatchdogEnv) {}

  async watchTargets(): Promise<WatchTarget[]> {
    const reply = await this.rpc.request<Partial<WatchTargetsReply>>(SUBJECTS.agents.watchTargets, {});
    if (!Array.isArray(reply?.agents)) throw new AgentsRefusedError(`watch targets: unexpected reply ${JSON.stringify(reply)}`);
    return reply.agents.map((target) => validateAs(WatchTarget, target));
  }

  report(report: HealthReport): Promise<AgentStatusReply> {
    return this.ask(SUBJECTS.agents.healthReport, validateAs(HealthReport, report));
  }

  repair(request: WatchdogRepairRequest): Promise<AgentStatusReply> {
    const timeoutMs = Math.round(this.env.WATCHDOG_REPAIR_TIMEOUT * 1000);
    return this.ask(SUBJECTS.agents.watchdogRepair, validateAs(WatchdogRepairRequest, request), timeoutMs);
  }

  fail(request: WatchdogFailRequest): Promise<AgentStatusReply> {
    return this.ask(SUBJECTS.agents.watchdogFail, validateAs(WatchdogFailRequest, request));
  }

  /** How the hosting provider measures the runtime; `timeoutMs` short, as a check waits for it. */
  async usage(agentId: string, timeoutMs: number): Promise<RuntimeUsageReply> {
    const reply = await this.rpc.request<Partial<RuntimeUsageReply>>(SUBJECTS.agents.runtimeUsage, validateAs(RuntimeUsageQuery, { agentId }), timeoutMs);
    if (typeof reply?.measured !== 'boolean') throw new AgentsRefusedError(`runtime usage: unexpected reply ${JSON.stringify(reply)}`);
    return { measured: reply.measured, usage: reply.usage ?? null };
  }

  private async ask(subject: Subject, data: object, timeoutMs?: number): Promise<AgentStatusReply> {
    const reply = await this.rpc.request<Partial<AgentStatusReply> & { body?: unknown }>(subject, data, timeoutMs);
    if (typeof reply?.agentId !== 'string' || !(AGENT_STATUSES as readonly unknown[]).includes(reply.status)) {
      throw new AgentsRefusedError(`${subject}: ${JSON.stringify(reply?.body ?? reply)}`);
    }
    return { agentId: reply.agentId, status: reply.status as AgentStatusReply['status'] };
  }
}
