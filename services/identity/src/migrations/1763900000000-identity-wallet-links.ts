import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Wallets that signed in (platform-core 4.4): one user per wallet, found again at the next sign-in. */
export class IdentityWalletLinks1763900000000 implements MigrationInterface {
  name = 'IdentityWalletLinks1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.wallet_links (
        address text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        chain_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX wallet_links_user_id ON identity.wallet_links (user_id)');
    for (const statement of ownerOnlyPolicy('identity', 'wallet_links')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE identity.wallet_links');
  }
}
