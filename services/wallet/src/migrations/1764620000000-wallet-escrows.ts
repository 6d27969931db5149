import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WalletEscrows1764620000000 implements MigrationInterface {
  name = 'WalletEscrows1764620000000';

  async up(db: QueryRunner): Promise<void> {
    // An escrow's funds sit in a wallet of their own, whose key the platform holds like any other.
    await db.query('ALTER TABLE wallet.wallets DROP CONSTRAINT wallets_kind_check');
    await db.query(`ALTER TABLE wallet.wallets ADD CONSTRAINT wallets_kind_check CHECK (kind IN ('session', 'custodial', 'agent', 'escrow'))`);
    // One escrow per booking: where its funds sit and who pays and is paid. Its state is that of its
    // two transfers (purposes escrow_hold and escrow_release, purposeId the booking), never a copy.
    await db.query(`
      CREATE TABLE wallet.escrows (
        booking_id varchar(128) PRIMARY KEY,
        user_id uuid NOT NULL,
        payer_agent_id varchar(64) NOT NULL,
        payer_address varchar(42) NOT NULL,
        escrow_address varchar(42) NOT NULL UNIQUE REFERENCES wallet.wallets (address),
        payee_agent_id varchar(64) NOT NULL,
        payee_address varchar(42) NOT NULL,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX escrows_newest ON wallet.escrows (user_id, created_at DESC)');
    for (const statement of ownerOnlyPolicy('wallet', 'escrows')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE wallet.escrows');
    await db.query(`DELETE FROM wallet.wallets WHERE kind = 'escrow'`);
    await db.query('ALTER TABLE wallet.wallets DROP CONSTRAINT wallets_kind_check');
    await db.query(`ALTER TABLE wallet.wallets ADD CONSTRAINT wallets_kind_check CHECK (kind IN ('session', 'custodial', 'agent'))`);
  }
}
