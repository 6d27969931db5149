import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts at the identity provider and the code host linked to users (the provider's subject
 * for RISC matching, the refresh token sealed), IdP sign-in blocked by a hijacking event, and
 * the security events received, by `jti`.
 */
export class ExternalSignIn1763800000000 implements MigrationInterface {
  name = 'ExternalSignIn1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.linked_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        provider text NOT NULL,
        subject text NOT NULL,
        email text NOT NULL,
        refresh_token_sealed text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, subject)
      )`);
    await db.query(`CREATE INDEX linked_accounts_user_id ON identity.linked_accounts (user_id)`);
    await db.query(`
      CREATE TABLE identity.idp_sign_in_blocks (
        user_id uuid PRIMARY KEY REFERENCES identity.users(id) ON DELETE CASCADE,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE identity.risc_events (
        jti text PRIMARY KEY,
        legacy boolean NOT NULL,
        event_types text[] NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz
      )`);
    for (const statement of [
      ...ownerOnlyPolicy('identity', 'linked_accounts'),
      ...ownerOnlyPolicy('identity', 'idp_sign_in_blocks'),
      // No owner: only the system context reads or writes security events.
      ...ownerOnlyPolicy('identity', 'risc_events', 'jti'),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.risc_events, identity.idp_sign_in_blocks, identity.linked_accounts`);
  }
}
