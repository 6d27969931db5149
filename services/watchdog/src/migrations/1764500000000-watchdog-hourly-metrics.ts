import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hourly aggregates of container_metrics, one row per user and UTC hour, kept by the statement that
 * inserts each sample (ContainerMetricsService): a month of a user's history is 720 rows however
 * many agents they run, where the samples are 43,200 per agent (docs/metrics.md). Percentages are
 * held to 0-100 per sample, as the metrics show them. The index on sampled_at serves the latest
 * sample of every agent platform-wide.
 */
export class WatchdogHourlyMetrics1764500000000 implements MigrationInterface {
  name = 'WatchdogHourlyMetrics1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE watchdog.container_metrics_hourly (
        user_id text NOT NULL,
        hour timestamptz NOT NULL,
        samples integer NOT NULL CHECK (samples > 0),
        cpu_sum double precision NOT NULL,
        memory_sum double precision NOT NULL,
        PRIMARY KEY (user_id, hour)
      )`);
    await db.query('CREATE INDEX container_metrics_hourly_hour ON watchdog.container_metrics_hourly (hour)');
    await db.query('CREATE INDEX container_metrics_sampled ON watchdog.container_metrics (sampled_at)');
    await db.query(`
      INSERT INTO watchdog.container_metrics_hourly
      SELECT user_id, date_trunc('hour', sampled_at, 'UTC'), count(*), sum(least(greatest(cpu_percent, 0), 100)),
        sum(CASE WHEN memory_limit_bytes > 0 THEN least(memory_bytes * 100.0 / memory_limit_bytes, 100)::double precision ELSE 0 END)
      FROM watchdog.container_metrics GROUP BY 1, 2`);
    for (const statement of ownerOnlyPolicy('watchdog', 'container_metrics_hourly')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX watchdog.container_metrics_sampled');
    await db.query('DROP TABLE watchdog.container_metrics_hourly');
  }
}
