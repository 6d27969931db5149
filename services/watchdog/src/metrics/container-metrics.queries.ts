import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { scopedUser, type HourlyMetricsQuery, type HourlyMetricsReply, type LatestMetricsQuery, type LatestMetricsReply, type MetricsScopeQuery } from '@platform/contracts';
import { Db } from '@platform/database';
import { CPU_PERCENT, MEMORY_PERCENT } from './sample-percentages.js';

type Raw = Record<string, string | number | null>;

/**
 * The aggregates the metrics ask the watchdog for, computed by the database: hours from the hourly
 * table (averages weighted by samples), the latest readings from the samples themselves; rounded
 * to two decimals.
 */
@Injectable()
export class ContainerMetricsQueries {
  constructor(private readonly db: Db) {}

  async hourly(query: HourlyMetricsQuery): Promise<HourlyMetricsReply> {
    const { where, params } = scoped(query, [query.from, query.to], `hour >= date_trunc('hour', $1::timestamptz, 'UTC') AND hour < $2`);
    const rows: Raw[] = await this.read(query, (manager) => manager.query(`
      SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS hour,
        round((sum(cpu_sum) / sum(samples))::numeric, 2) AS cpu,
        round((sum(memory_sum) / sum(samples))::numeric, 2) AS memory,
        sum(samples) AS samples
      FROM watchdog.container_metrics_hourly WHERE ${where} GROUP BY hour ORDER BY hour`, params));
    return { hours: rows.map((row) => ({ hour: String(row.hour), cpu: Number(row.cpu), memory: Number(row.memory), samples: Number(row.samples) })) };
  }

  /** Each agent's newest sample since `since`, averaged over the agents. */
  async latest(query: LatestMetricsQuery): Promise<LatestMetricsReply> {
    const { where, params } = scoped(query, [query.since], 'sampled_at >= $1');
    const [row] = await this.read(query, (manager) => manager.query(`
      SELECT count(*) AS agents, round(coalesce(avg(cpu), 0)::numeric, 2) AS cpu,
        round(coalesce(avg(memory), 0)::numeric, 2) AS memory, round(coalesce(avg(uptime_ms), 0)) AS uptime_ms
      FROM (
        SELECT DISTINCT ON (agent_id) ${CPU_PERCENT} AS cpu, ${MEMORY_PERCENT} AS memory, uptime_ms
        FROM watchdog.container_metrics WHERE ${where} ORDER BY agent_id, sampled_at DESC
      ) newest`, params)) as Raw[];
    return { agents: Number(row!.agents), cpu: Number(row!.cpu), memory: Number(row!.memory), uptimeMs: Number(row!.uptime_ms) };
  }

  private read<T>(scope: MetricsScopeQuery, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const userId = scopedUser(scope);
    return userId === null ? this.db.asSystem(work) : this.db.withUser(userId, work);
  }
}

function scoped(scope: MetricsScopeQuery, params: unknown[], where: string) {
  const userId = scopedUser(scope);
  return userId === null ? { where, params } : { where: `${where} AND user_id = $${params.length + 1}`, params: [...params, userId] };
}
