import { Injectable } from '@nestjs/common';
import type { RuntimeHealthBody } from '@platform/contracts';
import { Db } from '@platform/database';
import { CPU_PERCENT, MEMORY_PERCENT } from './sample-percentages.js';

/** One statement writes the sample and adds it to its user's hour, so the aggregate never misses or doubles a sample. */
const RECORD = `
  WITH sample AS (
    INSERT INTO watchdog.container_metrics (agent_id, user_id, sampled_at, cpu_percent, memory_bytes, memory_limit_bytes, uptime_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    RETURNING user_id, date_trunc('hour', sampled_at, 'UTC') AS hour, ${CPU_PERCENT} AS cpu, ${MEMORY_PERCENT} AS memory
  )
  INSERT INTO watchdog.container_metrics_hourly AS h (user_id, hour, samples, cpu_sum, memory_sum)
  SELECT user_id, hour, 1, cpu, memory FROM sample
  ON CONFLICT (user_id, hour) DO UPDATE SET
    samples = h.samples + 1, cpu_sum = h.cpu_sum + EXCLUDED.cpu_sum, memory_sum = h.memory_sum + EXCLUDED.memory_sum`;

@Injectable()
export class ContainerMetricsService {
  constructor(private readonly db: Db) {}

  async record(agentId: string, userId: string, sampledAt: Date, health: RuntimeHealthBody): Promise<void> {
    await this.db.asSystem((manager) => manager.query(RECORD, [
      agentId, userId, sampledAt, health.cpuPercent, health.memoryBytes, health.memoryLimitBytes, health.uptimeMs,
    ]));
  }
}
