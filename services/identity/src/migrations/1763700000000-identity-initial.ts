import { ownerOnlyPolicy } from '@platform/database';
import { outboxTable } from '@platform/messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInitial1763700000000 implements MigrationInterface {
  name = 'IdentityInitial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE,
        name text NOT NULL,
        password_hash text,
        plan text NOT NULL DEFAULT 'free',
        subscription_status text NOT NULL DEFAULT 'inactive',
        plan_changed_at timestamptz,
        referral_code text NOT NULL UNIQUE,
        referred_by uuid REFERENCES identity.users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE identity.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_digest text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX sessions_user_id ON identity.sessions (user_id)`);
    await db.query(`
      CREATE TABLE identity.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        name text NOT NULL,
        key_prefix text NOT NULL,
        key_hash text NOT NULL,
        key_digest text NOT NULL UNIQUE,
        key_preview text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await db.query(`CREATE INDEX api_keys_key_prefix ON identity.api_keys (key_prefix)`);
    await db.query(`CREATE INDEX api_keys_user_id ON identity.api_keys (user_id, created_at)`);
    await db.query(`
      CREATE TABLE identity.password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_digest text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const statement of [
      ...ownerOnlyPolicy('identity', 'users', 'id'),
      ...ownerOnlyPolicy('identity', 'sessions'),
      ...ownerOnlyPolicy('identity', 'api_keys'),
      ...ownerOnlyPolicy('identity', 'password_resets'),
      ...outboxTable('identity'),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.outbox, identity.password_resets, identity.api_keys, identity.sessions, identity.users`);
  }
}
