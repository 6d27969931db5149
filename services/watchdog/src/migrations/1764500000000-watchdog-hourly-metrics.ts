import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hourly aggregates of container_metrics, one row per agent and UTC hour, kept by the statement
 * that inserts each sample (ContainerMetricsService): the metrics read a month of a user's hours
 * from some 720 rows per agent instead of 43,200 samples (docs/metrics.md). Percentages are held
 * to 0-100 per sample: a runtime on several cores reports above 100, and the spec's are 0 to 100.
 * The `last_*` columns are the hour's newest sample, which the latest readings come from.
 */
export class WatchdogHourlyMetrics1764500000000 implements MigrationInterface {
  name = 'WatchdogHourlyMetrics1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE watchdog.container_metrics_hourly (
        agent_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        user_id text NOT NULL,
        samples integer NOT NULL CHECK (samples > 0),
        cpu_sum double precision NOT NULL,
        memory_sum double precision NOT NULL,
        last_sampled_at timestamptz NOT NULL,
        last_cpu double precision NOT NULL,
        last_memory double precision NOT NULL,
        last_uptime_ms bigint NOT NULL,
        PRIMARY KEY (agent_id, hour)
      )`);
    await db.query('CREATE INDEX container_metrics_hourly_user ON watchdog.container_metrics_hourly (user_id, hour)');
    await db.query('CREATE INDEX container_metrics_hourly_hour ON watchdog.container_metrics_hourly (hour)');
    await db.query(`
      INSERT INTO watchdog.container_metrics_hourly
      SELECT agent_id, hour, user_id, count(*), sum(cpu), sum(memory),
        max(sampled_at), (array_agg(cpu ORDER BY sampled_at DESC))[1], (array_agg(memory ORDER BY sampled_at DESC))[1],
        (array_agg(uptime_ms ORDER BY sampled_at DESC))[1]
      FROM (
        SELECT agent_id, user_id, sampled_at, uptime_ms, date_trunc('hour', sampled_at, 'UTC') AS hour,
          least(greatest(cpu_percent, 0), 100) AS cpu,
          CASE WHEN memory_limit_bytes > 0 THEN least(memory_bytes * 100.0 / memory_limit_bytes, 100)::double precision ELSE 0 END AS memory
        FROM watchdog.container_metrics
      ) samples
      GROUP BY agent_id, hour, user_id`);
    for (const statement of ownerOnlyPolicy('watchdog', 'container_metrics_hourly')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE watchdog.container_metrics_hourly');
  }
}
