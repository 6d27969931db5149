import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user API key a call was made with (the public gateway, /api/v1/gateway); null for every other
 * caller and for rows from before. The index serves a key's spend this month (svc.usage.key_spend).
 */
export class UsageApiKey1764100000000 implements MigrationInterface {
  name = 'UsageApiKey1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE usage.usage_logs ADD COLUMN api_key_id uuid');
    await db.query('CREATE INDEX usage_logs_api_key_created ON usage.usage_logs (api_key_id, created_at) WHERE api_key_id IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX usage.usage_logs_api_key_created');
    await db.query('ALTER TABLE usage.usage_logs DROP COLUMN api_key_id');
  }
}
