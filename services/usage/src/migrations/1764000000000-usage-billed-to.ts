import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who paid the provider for each call: `user` for a call on the user's own key (bring-your-own-key),
 * still priced and stored so usage shows what it would have cost. Rows from before are the platform's.
 */
export class UsageBilledTo1764000000000 implements MigrationInterface {
  name = 'UsageBilledTo1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE usage.usage_logs ADD COLUMN billed_to varchar NOT NULL DEFAULT 'platform'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE usage.usage_logs DROP COLUMN billed_to`);
  }
}
