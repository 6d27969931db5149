import { IsIn, IsISO8601, IsOptional, IsString, IsUrl, IsUUID } from 'class-validator';
import { AGENT_STATUSES, type AgentStatus } from '../agents/agent-status.js';

/**
 * An agent moved from one status to another (every transition, `deleted` included). The watchdog
 * creates its check schedule on `running` and removes it on `stopped`, `error` and `deleted`.
 */
export class AgentStatusChangedEvent {
  @IsUUID() eventId!: string;
  @IsUUID() agentId!: string;
  @IsString() userId!: string;
  @IsIn(AGENT_STATUSES) status!: AgentStatus;
  @IsOptional() @IsIn(AGENT_STATUSES) previousStatus?: AgentStatus;
  @IsOptional() @IsString() reason?: string;
  /** Base URL of the agent runtime while it has one. */
  @IsOptional() @IsUrl({ require_tld: false }) runtimeUrl?: string;
  @IsISO8601({ strict: true }) occurredAt!: string;
}
