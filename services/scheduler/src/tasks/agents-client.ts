import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, UnavailableError, type AuthContext, type Envelope, type Reply, type Subject } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { SchedulerEnv } from '../scheduler.env.js';
import { SCHEDULER_ENV } from '../scheduler.tokens.js';

/** How a prompt sent for a run ended: the agents service's answer, read as a run's status. */
export interface PromptOutcome {
  status: 'succeeded' | 'failed' | 'skipped';
  error: string | null;
}

/**
 * The agents service, asked over NATS on the routes' own subjects as the user would ask them, so
 * its ownership rules are the only ones: a scheduler never reads another user's agent.
 */
@Injectable()
export class AgentsClient {
  constructor(private readonly rpc: RpcClient, @Inject(SCHEDULER_ENV) private readonly env: SchedulerEnv) {}

  /** Whether the caller's GET /api/agents/:id finds the agent (another user's is a 404 there too); 503 when it cannot say. */
  async owns(caller: AuthContext, agentId: string): Promise<boolean> {
    const reply = await this.ask(SUBJECTS.agents.get, caller, agentId, undefined).catch(() => {
      throw new UnavailableError();
    });
    if (reply.status >= 500) throw new UnavailableError();
    return reply.status < 300;
  }

  /**
   * POST /api/agents/:id/messages as the task's owner. 409 is the agents service refusing a message
   * to an agent that is not running: that tick is skipped, not failed.
   */
  async prompt(ownerId: string, agentId: string, prompt: string, runId: string): Promise<PromptOutcome> {
    let reply: Reply<{ error?: unknown }>;
    try {
      reply = await this.ask(SUBJECTS.agents.sendMessage, ownerCaller(ownerId), agentId, { message: prompt }, runId, this.env.SCHEDULER_MESSAGE_TIMEOUT_MS);
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    if (reply.status < 300) return { status: 'succeeded', error: null };
    const error = typeof reply.body?.error === 'string' ? reply.body.error : `agents answered ${reply.status}`;
    return { status: reply.status === 409 ? 'skipped' : 'failed', error };
  }

  private ask<Body>(subject: Subject, auth: AuthContext, agentId: string, body: unknown, requestId = '', timeoutMs?: number): Promise<Reply<Body>> {
    const envelope: Envelope = { auth, params: { id: agentId }, query: {}, body, headers: {}, ip: '', requestId };
    return this.rpc.send<Body>(subject, envelope, timeoutMs);
  }
}

/**
 * The owner as a session caller, for a run no one is signed in for. The agents service reads only
 * the user id of a session caller on a message (its scope); the rest is the least a caller holds.
 */
function ownerCaller(userId: string): AuthContext {
  return { userId, email: '', name: '', isAdmin: false, plan: 'free', subscriptionStatus: 'inactive', via: 'session' };
}
