import { Inject, Injectable, Logger } from '@nestjs/common';
import { AgentNamesRequest, SUBJECTS, validateAs, type AgentNamesReply } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { UsageEnv } from '../usage.env.js';
import { USAGE_ENV } from '../usage.tokens.js';

/** Agent names from the agents service, which owns them; usage keeps only agent ids. */
@Injectable()
export class AgentNamesClient {
  private readonly logger = new Logger('AgentNames');

  constructor(private readonly rpc: RpcClient, @Inject(USAGE_ENV) private readonly env: UsageEnv) {}

  /**
   * Names it knows by agent id; none when the agents service does not answer in time or answers
   * with an error: names are a nicety, so the dashboard shows ids rather than failing.
   */
  async lookup(userId: string, agentIds: string[]): Promise<Record<string, string>> {
    if (!agentIds.length) return {};
    try {
      const request = validateAs(AgentNamesRequest, { userId, agentIds });
      return (await this.rpc.request<AgentNamesReply>(SUBJECTS.agents.names, request, this.env.AGENT_NAMES_TIMEOUT_MS)).names;
    } catch (error) {
      this.logger.warn(`Agent names unavailable, showing ids: ${error instanceof Error ? error.message : String(error)}`);
      return {};
    }
  }
}
