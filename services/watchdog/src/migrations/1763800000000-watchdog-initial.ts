import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WatchdogInitial1763800000000 implements MigrationInterface {
  name = 'WatchdogInitial1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE watchdog.container_metrics (
        id bigserial PRIMARY KEY,
        agent_id uuid NOT NULL,
        user_id text NOT NULL,
        sampled_at timestamptz NOT NULL,
        cpu_percent double precision NOT NULL,
        memory_bytes bigint NOT NULL,
        memory_limit_bytes bigint NOT NULL,
        uptime_ms bigint NOT NULL
      )`);
    // Hourly aggregates are read per agent and per user over a time range.
    await db.query(`CREATE INDEX container_metrics_agent_hour ON watchdog.container_metrics (agent_id, sampled_at)`);
    await db.query(`CREATE INDEX container_metrics_user_hour ON watchdog.container_metrics (user_id, sampled_at)`);
    for (const statement of ownerOnlyPolicy('watchdog', 'container_metrics')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE watchdog.container_metrics`);
  }
}
