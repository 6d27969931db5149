import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A key's optional monthly spend cap, in micro-dollars (usage's cost_usd has six decimals); null is no cap. */
export class ApiKeySpendCap1764100000000 implements MigrationInterface {
  name = 'ApiKeySpendCap1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE identity.api_keys ADD COLUMN monthly_spend_cap_micros bigint CHECK (monthly_spend_cap_micros >= 0)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE identity.api_keys DROP COLUMN monthly_spend_cap_micros');
  }
}
