import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ApiError, SKILL_MESSAGES as M, SUBJECTS, type BusEndpointReply } from '@platform/contracts';
import type { SkillCaller } from '../actions/skill.js';
import { asOwner } from './callers.js';
import { PlatformCalls } from './platform-calls.js';

/** The agents service: whose an agent is, by its own rules. */
@Injectable()
export class AgentsClient {
  constructor(private readonly calls: PlatformCalls) {}

  /** 404 unless the caller's own GET /api/agents/:id finds the agent. */
  async requireOwned(caller: SkillCaller, agentId: string): Promise<void> {
    try {
      await this.calls.route(SUBJECTS.agents.get, { auth: asOwner(caller.userId), params: { id: agentId }, requestId: caller.requestId });
    } catch (error) {
      throw error instanceof ApiError && error.status === 404 ? new ApiError(404, M.agentNotFound) : error;
    }
  }

  /** The platform user who owns the agent, or null (no such agent, or one a bearer backend keeps for an owner id of its own). */
  async ownerOf(agentId: string): Promise<string | null> {
    const endpoint = await this.calls.query<BusEndpointReply>(SUBJECTS.agents.busEndpoint, { agentId });
    return endpoint && isUUID(endpoint.userId) ? endpoint.userId : null;
  }
}
