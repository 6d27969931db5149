import { IsISO8601, IsString, Matches, MaxLength } from 'class-validator';
import { MetricsScopeQuery } from './metrics-scope.js';

/** `svc.agents.metrics`: counts the agents service keeps, for a user or everyone. */
export class AgentMetricsQuery extends MetricsScopeQuery {
  /** Skills installed since this instant count as this month's, since the previous one as last month's. */
  @IsISO8601({ strict: true }) monthStart!: string;
  @IsISO8601({ strict: true }) previousMonthStart!: string;
}

export interface AgentMetricsReply {
  agents: { total: number; active: number; inactive: number; failed: number };
  deployments: { total: number; successful: number; failed: number };
  /** Installed skills (their installs); live ones are on agents with a runtime serving. */
  skills: { active: number; total: number; installedThisMonth: number; installedLastMonth: number };
  /** Bytes of the scope's agent workspaces on disk, as last measured. */
  workspaceBytes: number;
  /** Capacity of the volume holding the workspaces, for everyone's figures; null for a user's, or when it cannot be read. */
  volumeBytes: number | null;
  /** The user's agent ids (empty for everyone), for the queries other services answer by agent. */
  agentIds: string[];
}

/** `svc.agents.live_samples`: one reading of each of the user's live runtimes, asked now. */
export class LiveSamplesQuery {
  @MaxLength(255) @Matches(/\S/) @IsString() userId!: string;
}

export interface LiveSample {
  agentId: string;
  cpuPercent: number;
  memoryPercent: number;
  uptimeMs: number;
}

export interface LiveSamplesReply {
  samples: LiveSample[];
}
