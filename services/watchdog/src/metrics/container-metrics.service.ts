import { Injectable } from '@nestjs/common';
import type { RuntimeHealthBody } from '@platform/contracts';
import { Db } from '@platform/database';

/**
 * One statement writes the sample and adds it to its agent's hour (container_metrics_hourly), so the
 * aggregate never misses or doubles a sample. Percentages are held to 0-100 here, as the migration
 * that created the table did for the samples before it.
 */
const RECORD = `
  WITH sample AS (
    INSERT INTO watchdog.container_metrics (agent_id, user_id, sampled_at, cpu_percent, memory_bytes, memory_limit_bytes, uptime_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    RETURNING agent_id, user_id, sampled_at, uptime_ms,
      least(greatest(cpu_percent, 0), 100) AS cpu,
      CASE WHEN memory_limit_bytes > 0 THEN least(memory_bytes * 100.0 / memory_limit_bytes, 100)::double precision ELSE 0 END AS memory
  )
  INSERT INTO watchdog.container_metrics_hourly AS h
    (agent_id, hour, user_id, samples, cpu_sum, memory_sum, last_sampled_at, last_cpu, last_memory, last_uptime_ms)
  SELECT agent_id, date_trunc('hour', sampled_at, 'UTC'), user_id, 1, cpu, memory, sampled_at, cpu, memory, uptime_ms FROM sample
  ON CONFLICT (agent_id, hour) DO UPDATE SET
    samples = h.samples + 1,
    cpu_sum = h.cpu_sum + EXCLUDED.cpu_sum,
    memory_sum = h.memory_sum + EXCLUDED.memory_sum,
    last_sampled_at = greatest(h.last_sampled_at, EXCLUDED.last_sampled_at),
    last_cpu = CASE WHEN EXCLUDED.last_sampled_at >= h.last_sampled_at THEN EXCLUDED.last_cpu ELSE h.last_cpu END,
    last_memory = CASE WHEN EXCLUDED.last_sampled_at >= h.last_sampled_at THEN EXCLUDED.last_memory ELSE h.last_memory END,
    last_uptime_ms = CASE WHEN EXCLUDED.last_sampled_at >= h.last_sampled_at THEN EXCLUDED.last_uptime_ms ELSE h.last_uptime_ms END`;

@Injectable()
export class ContainerMetricsService {
  constructor(private readonly db: Db) {}

  async record(agentId: string, userId: string, sampledAt: Date, health: RuntimeHealthBody): Promise<void> {
    await this.db.asSystem((manager) => manager.query(RECORD, [
      agentId, userId, sampledAt, health.cpuPercent, health.memoryBytes, health.memoryLimitBytes, health.uptimeMs,
    ]));
  }
}
