import { IsISO8601 } from 'class-validator';
import { MetricsScopeQuery } from './metrics-scope.js';

/** `svc.watchdog.hourly_metrics`: the hourly averages of container_metrics over [from, to). */
export class HourlyMetricsQuery extends MetricsScopeQuery {
  @IsISO8601({ strict: true }) from!: string;
  @IsISO8601({ strict: true }) to!: string;
}

export interface HourlyMetric {
  /** The hour's start, UTC. */
  hour: string;
  /** Percent 0-100, averaged over the hour's samples of every agent in scope. */
  cpu: number;
  memory: number;
  samples: number;
}

export interface HourlyMetricsReply {
  hours: HourlyMetric[];
}

/** `svc.watchdog.latest_metrics`: each agent's newest sample taken since `since`, averaged over the agents. */
export class LatestMetricsQuery extends MetricsScopeQuery {
  @IsISO8601({ strict: true }) since!: string;
}

export interface LatestMetricsReply {
  /** Agents with a sample since `since`; the averages are 0 when there are none. */
  agents: number;
  cpu: number;
  memory: number;
  uptimeMs: number;
}
