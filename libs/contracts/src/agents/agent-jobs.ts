import { IsUUID } from 'class-validator';

/** Deploy one agent through the hosting provider and wait until it is healthy. */
export class ProvisionAgentJob {
  @IsUUID() agentId!: string;
}

/** One scheduled health check of one agent (a BullMQ job scheduler per watched agent). */
export class WatchdogCheckJob {
  @IsUUID() agentId!: string;
}

/** One heartbeat of one agent (a BullMQ job scheduler per agent with enabled heartbeat settings). */
export class AgentHeartbeatJob {
  @IsUUID() agentId!: string;
}
