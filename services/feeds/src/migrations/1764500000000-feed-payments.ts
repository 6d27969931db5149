import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FeedPayments1764500000000 implements MigrationInterface {
  name = 'FeedPayments1764500000000';

  async up(db: QueryRunner): Promise<void> {
    // Every x402 payment the platform's wallet made for a feed, written before the paid call goes out:
    // a call that dies midway still leaves the signed payment on record (status `sent`).
    await db.query(`
      CREATE TABLE feeds.feed_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        feed_id varchar(64) NOT NULL,
        resource_url text NOT NULL,
        network varchar(64) NOT NULL,
        asset varchar(64) NOT NULL,
        amount numeric(78, 0) NOT NULL,
        pay_to varchar(64) NOT NULL,
        payer varchar(64) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'settled', 'refused', 'failed')),
        transaction varchar(80),
        error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        settled_at timestamptz
      )`);
    await db.query('CREATE INDEX feed_payments_newest ON feeds.feed_payments (feed_id, created_at DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE feeds.feed_payments');
  }
}
