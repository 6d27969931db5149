import { ownerOnlyPolicy } from '@platform/database';
import { outboxTable } from '@platform/messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingInitial1764100000000 implements MigrationInterface {
  name = 'BillingInitial1764100000000';

  async up(db: QueryRunner): Promise<void> {
    // One row per user who has dealt with billing; a user without one is on `free`, `inactive`.
    await db.query(`
      CREATE TABLE billing.accounts (
        user_id uuid PRIMARY KEY,
        email varchar(255) NOT NULL,
        customer_id varchar(255) UNIQUE,
        plan varchar(32) NOT NULL DEFAULT 'free',
        subscription_status varchar(16) NOT NULL DEFAULT 'inactive',
        subscription_id varchar(255),
        plan_changed_at timestamptz,
        byok_provider varchar(32),
        byok_key text,
        credits integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Every subscription the processor told us about, with the processor time of the last event
    // applied to it, so an older event arriving late changes nothing.
    await db.query(`
      CREATE TABLE billing.subscriptions (
        id varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL,
        plan varchar(32) NOT NULL,
        status varchar(16) NOT NULL,
        event_created bigint NOT NULL,
        event_rank smallint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX subscriptions_user ON billing.subscriptions (user_id)`);
    // Each processor event, stored in the transaction that acts on it: a redelivery finds its id and does nothing.
    await db.query(`
      CREATE TABLE billing.webhook_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        user_id uuid,
        outcome varchar(32) NOT NULL,
        created bigint NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One row per paid credit pack: credits are added once per payment, whichever event carries it.
    // Written by SQL only (an insert that tells whether it inserted), so it has no entity.
    await db.query(`
      CREATE TABLE billing.credit_purchases (
        session_id varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL,
        pack varchar(8) NOT NULL,
        credits integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const statement of [
      ...ownerOnlyPolicy('billing', 'accounts'),
      ...ownerOnlyPolicy('billing', 'subscriptions'),
      ...ownerOnlyPolicy('billing', 'webhook_events'),
      ...ownerOnlyPolicy('billing', 'credit_purchases'),
      ...outboxTable('billing'),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE billing.outbox, billing.credit_purchases, billing.webhook_events, billing.subscriptions, billing.accounts`);
  }
}
