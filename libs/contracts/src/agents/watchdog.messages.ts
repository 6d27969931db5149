import { IsIn, IsOptional, IsString, IsUrl, IsUUID } from 'class-validator';
import { AGENT_STATUSES, type AgentStatus } from './agent-status.js';

/** One agent the watchdog should be checking: answered by `SUBJECTS.agents.watchTargets`. */
export class WatchTarget {
  @IsUUID() agentId!: string;
  @IsString() userId!: string;
  @IsIn(AGENT_STATUSES) status!: AgentStatus;
  /** Base URL of the agent runtime: /healthz, /readyz and /health hang off it. */
  @IsUrl({ require_tld: false }) runtimeUrl!: string;
}

export interface WatchTargetsReply {
  agents: WatchTarget[];
}

/** The watchdog's verdict on one check; the agents service moves running <-> degraded. */
export class HealthReport {
  @IsUUID() agentId!: string;
  @IsIn(['healthy', 'degraded']) state!: 'healthy' | 'degraded';
  @IsOptional() @IsString() reason?: string;
}

/** Ask the agents service to repair (re-create the runtime of) an agent the watchdog gave up waiting on. */
export class WatchdogRepairRequest {
  @IsUUID() agentId!: string;
  @IsString() reason!: string;
}

/** Crash loop or repairs exhausted: the agent goes to `error` and is not repaired again. */
export class WatchdogFailRequest {
  @IsUUID() agentId!: string;
  @IsString() reason!: string;
}

/** The watchdog asks how the host measures one runtime's resource use, for its container metrics. */
export class RuntimeUsageQuery {
  @IsUUID() agentId!: string;
}

/** A runtime's CPU and memory as its host measures them (a container engine's cgroup figures), in GET /health's units. */
export interface RuntimeUsage {
  cpuPercent: number;
  memoryBytes: number;
  memoryLimitBytes: number;
}

export interface RuntimeUsageReply {
  /** The hosting provider measures its runtimes at all; local does not, and the runtime's own /health reading stands. */
  measured: boolean;
  /** Null when not measured, or when the runtime is not running. */
  usage: RuntimeUsage | null;
}

/** Reply to the three watchdog requests above: where the agent stands now. */
export interface AgentStatusReply {
  agentId: string;
  status: AgentStatus;
}

/** Names of a user's agents, for views that only keep agent ids (the cost dashboard). */
export class AgentNamesRequest {
  @IsString() userId!: string;
  @IsString({ each: true }) agentIds!: string[];
}

export interface AgentNamesReply {
  names: Record<string, string>;
}

/** GET /health of an agent runtime: probe plus the process's own resource reading. */
export interface RuntimeHealthBody {
  status: 'ok';
  agentId: string;
  /** The runtime's own package version, which verification compares with the one the platform deployed; older runtimes lack it. */
  version?: string;
  uptimeMs: number;
  /** Share of one core used since the previous reading, 0-100 and more on several cores. */
  cpuPercent: number;
  memoryBytes: number;
  memoryLimitBytes: number;
}

