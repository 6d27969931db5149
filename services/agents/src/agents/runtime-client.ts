import { Inject, Injectable } from '@nestjs/common';
import { AGENT_MESSAGES as M, ApiError, illegalTransition, RUNTIME_AGENT_HEADER, RUNTIME_PATHS, type RuntimeHealthBody } from '@platform/contracts';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import type { AgentEntity } from './agent.entity.js';
import { AgentLifecycle, type Scope } from './agent-lifecycle.service.js';
import { allows, type AgentAction } from './agent-state-machine.js';

/** The runtime did not answer at all (down, or past the timeout); callers hear 503. */
class RuntimeUnreachable extends ApiError {
  constructor() {
    super(503, M.runtimeUnavailable);
  }
}

type RuntimeCall = { method: 'GET' | 'POST'; path: string; body?: unknown; timeoutMs?: number };

/** A runtime's /health as it answered, and the agent id it answered as (RUNTIME_AGENT_HEADER). */
export interface HealthAnswer {
  ok: boolean;
  answeredAs: string | null;
  body: Partial<RuntimeHealthBody> | null;
}

/** Calls to an agent's own runtime, with its gateway token: messages, stats, memory. */
@Injectable()
export class RuntimeClient {
  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly hosting: HostingProvider,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  async resetMemory(scope: Scope, id: string) {
    return this.call(await this.lifecycle.find(scope, id), 'reset-memory', { method: 'POST', path: RUNTIME_PATHS.memoryReset });
  }

  async messages(scope: Scope, id: string) {
    return this.call(await this.lifecycle.find(scope, id), 'message', { method: 'GET', path: RUNTIME_PATHS.messages });
  }

  async send(scope: Scope, id: string, message: string) {
    return this.call(await this.lifecycle.find(scope, id), 'message', { method: 'POST', path: RUNTIME_PATHS.messages, body: { message }, timeoutMs: this.env.RUNTIME_MESSAGE_TIMEOUT_MS });
  }

  /** Any status: live counters from a live runtime, otherwise (none, or it cannot be reached) the status alone. */
  async stats(scope: Scope, id: string) {
    const agent = await this.lifecycle.find(scope, id);
    const idle = { agentId: id, status: agent.status, live: false };
    if (!agent.runtimeUrl || !allows('message', agent.status)) return idle;
    try {
      const stats = await this.call(agent, 'message', { method: 'GET', path: RUNTIME_PATHS.stats });
      return { agentId: id, status: agent.status, live: true, ...(await this.measured(id, stats)) };
    } catch (error) {
      if (error instanceof RuntimeUnreachable) return idle;
      throw error;
    }
  }

  /** GET /api/instance/:userId(/stats): the runtime's own /health or /stats, read with its token for the owner. */
  async read(agent: AgentEntity, path: typeof RUNTIME_PATHS.health | typeof RUNTIME_PATHS.stats) {
    return this.measured(agent.id, await this.call(agent, 'message', { method: 'GET', path }));
  }

  /** The runtime's /health with who answered it, for verification; null when nothing answers within `timeoutMs`. */
  async health(agent: AgentEntity, timeoutMs = this.env.HEALTH_PROBE_TIMEOUT_MS): Promise<HealthAnswer | null> {
    if (!agent.runtimeUrl) return null;
    try {
      const response = await fetch(`${agent.runtimeUrl}${RUNTIME_PATHS.health}`, {
        headers: { authorization: `Bearer ${agent.gatewayToken}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as Partial<RuntimeHealthBody> | null;
      return { ok: response.ok, answeredAs: response.headers.get(RUNTIME_AGENT_HEADER), body: body && (await this.measured(agent.id, body)) };
    } catch {
      return null;
    }
  }

  /**
   * The host's CPU and memory figures over the runtime's own, where the hosting provider measures them
   * (a container's cgroup, not the process inside): only the fields the runtime's answer has.
   */
  private async measured<T extends Record<string, unknown>>(agentId: string, body: T): Promise<T> {
    const usage = this.hosting.measuresUsage ? await this.hosting.usage(agentId).catch(() => null) : null;
    if (!usage) return body;
    const figures = Object.entries(usage).filter(([field]) => field in body);
    return { ...body, ...Object.fromEntries(figures) };
  }

  /** The runtime's answer as is (its refusals included); 503 when it cannot be reached. */
  private async call(agent: AgentEntity, action: AgentAction, call: RuntimeCall): Promise<Record<string, unknown>> {
    if (!allows(action, agent.status) || !agent.runtimeUrl) throw new ApiError(409, illegalTransition(action, agent.status));
    let response: Response;
    try {
      response = await fetch(`${agent.runtimeUrl}${call.path}`, {
        method: call.method,
        headers: { authorization: `Bearer ${agent.gatewayToken}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
        body: call.body ? JSON.stringify(call.body) : undefined,
        signal: AbortSignal.timeout(call.timeoutMs ?? this.env.RUNTIME_CALL_TIMEOUT_MS),
      });
    } catch {
      throw new RuntimeUnreachable();
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new ApiError(response.status, String(body.error ?? M.runtimeUnavailable));
    return body;
  }
}
