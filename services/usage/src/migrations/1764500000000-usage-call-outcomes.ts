import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the metrics read from the log (docs/metrics.md): each call's time to answer and whether it
 * was answered at all. Rows from before have no duration and were all answered. The indexes serve
 * the metrics' time windows, per user and platform-wide.
 */
export class UsageCallOutcomes1764500000000 implements MigrationInterface {
  name = 'UsageCallOutcomes1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE usage.usage_logs ADD COLUMN duration_ms integer CHECK (duration_ms >= 0)');
    await db.query(`ALTER TABLE usage.usage_logs ADD COLUMN outcome varchar(8) NOT NULL DEFAULT 'ok' CHECK (outcome IN ('ok', 'error'))`);
    await db.query('CREATE INDEX usage_logs_user_created ON usage.usage_logs (user_id, created_at)');
    await db.query('CREATE INDEX usage_logs_created ON usage.usage_logs (created_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX usage.usage_logs_created');
    await db.query('DROP INDEX usage.usage_logs_user_created');
    await db.query('ALTER TABLE usage.usage_logs DROP COLUMN outcome');
    await db.query('ALTER TABLE usage.usage_logs DROP COLUMN duration_ms');
  }
}
