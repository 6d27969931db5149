import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WalletInitial1764200000000 implements MigrationInterface {
  name = 'WalletInitial1764200000000';

  async up(db: QueryRunner): Promise<void> {
    // Every wallet whose key the platform holds, sealed (libs/secrets): a user's session wallet, a
    // custodial wallet made for an email, an agent's wallet. The key never leaves this table unsealed.
    await db.query(`
      CREATE TABLE wallet.wallets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('session', 'custodial', 'agent')),
        address varchar(42) NOT NULL UNIQUE,
        sealed_key text NOT NULL,
        agent_id varchar(64),
        email varchar(255),
        network varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX wallets_one_session_per_user ON wallet.wallets (user_id) WHERE kind = 'session'`);
    await db.query(`CREATE UNIQUE INDEX wallets_one_per_agent ON wallet.wallets (agent_id) WHERE kind = 'agent'`);
    await db.query(`CREATE UNIQUE INDEX wallets_one_custodial_per_email ON wallet.wallets (user_id, lower(email)) WHERE kind = 'custodial'`);
    // Each token transfer the platform makes, recorded before it is signed and with its nonce and
    // hash before it is sent: a worker that dies anywhere finds the transaction again instead of
    // paying twice or not at all (docs/wallet.md).
    await db.query(`
      CREATE TABLE wallet.transfers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid,
        chain_id integer NOT NULL,
        token varchar(42),
        from_address varchar(42) NOT NULL,
        to_address varchar(42) NOT NULL,
        amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
        purpose varchar(16) NOT NULL,
        purpose_id varchar(255) NOT NULL,
        position integer NOT NULL DEFAULT 0,
        status varchar(16) NOT NULL DEFAULT 'planned',
        nonce integer,
        tx_hash varchar(66),
        raw_tx text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (purpose, purpose_id, position)
      )`);
    await db.query(`CREATE INDEX transfers_from ON wallet.transfers (from_address, created_at DESC)`);
    await db.query(`CREATE INDEX transfers_to ON wallet.transfers (to_address, created_at DESC)`);
    // One row per paid card top-up (the processor's checkout session): credited once, however many
    // webhooks carry it.
    await db.query(`
      CREATE TABLE wallet.top_ups (
        session_id varchar(255) PRIMARY KEY,
        wallet_address varchar(42) NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        calls integer NOT NULL,
        transfer_id uuid REFERENCES wallet.transfers (id),
        paid_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX top_ups_address ON wallet.top_ups (wallet_address, created_at DESC)`);
    // Royalty splits (extended-services 2): the spec's splitId is a number.
    await db.query(`
      CREATE TABLE wallet.splits (
        id serial PRIMARY KEY,
        user_id uuid NOT NULL,
        agent_id varchar(64) NOT NULL,
        from_address varchar(42) NOT NULL,
        name varchar(255) NOT NULL,
        total_amount numeric(78, 0) NOT NULL,
        recipients jsonb NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'queued',
        reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const statement of [...ownerOnlyPolicy('wallet', 'wallets'), ...ownerOnlyPolicy('wallet', 'transfers'), ...ownerOnlyPolicy('wallet', 'splits')]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE wallet.top_ups, wallet.splits, wallet.transfers, wallet.wallets');
  }
}
