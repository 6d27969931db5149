import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Calendar1764310000000 implements MigrationInterface {
  name = 'Calendar1764310000000';

  async up(db: QueryRunner): Promise<void> {
    // One connected calendar per user (4.3: the primary calendar), its tokens sealed.
    await db.query(`
      CREATE TABLE scheduler.calendar_connections (
        user_id uuid PRIMARY KEY,
        calendar_id varchar(1024) NOT NULL,
        time_zone varchar(64) NOT NULL,
        sealed_access_token text NOT NULL,
        sealed_refresh_token text NOT NULL,
        access_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Consents in flight: the signed OAuth state names one of these nonces, deleted when it is used.
    await db.query(`
      CREATE TABLE scheduler.calendar_oauth_states (
        nonce varchar(64) PRIMARY KEY,
        user_id uuid NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    for (const statement of [...ownerOnlyPolicy('scheduler', 'calendar_connections'), ...ownerOnlyPolicy('scheduler', 'calendar_oauth_states')]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE scheduler.calendar_oauth_states, scheduler.calendar_connections');
  }
}
