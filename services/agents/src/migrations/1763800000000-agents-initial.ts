import { ownerOnlyPolicy } from '@platform/database';
import { outboxTable } from '@platform/messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AgentsInitial1763800000000 implements MigrationInterface {
  name = 'AgentsInitial1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agents.agents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        name text NOT NULL,
        model text NOT NULL,
        ai_provider text NOT NULL,
        plan text NOT NULL,
        status text NOT NULL,
        status_reason text,
        config jsonb NOT NULL DEFAULT '{}',
        subdomain text NOT NULL UNIQUE,
        runtime_url text,
        runtime_version text NOT NULL,
        gateway_token text NOT NULL,
        verified boolean NOT NULL DEFAULT false,
        verification_type text,
        attestation_uid text,
        verified_at timestamptz,
        started_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX agents_user_id ON agents.agents (user_id, created_at)`);
    await db.query(`CREATE INDEX agents_status ON agents.agents (status)`);
    await db.query(`
      CREATE TABLE agents.local_runtimes (
        agent_id uuid PRIMARY KEY,
        pid integer NOT NULL,
        port integer NOT NULL,
        spec jsonb NOT NULL,
        suspended boolean NOT NULL DEFAULT false,
        exit_code integer,
        started_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE agents.heartbeat_settings (
        agent_id uuid PRIMARY KEY REFERENCES agents.agents(id) ON DELETE CASCADE,
        user_id text NOT NULL,
        frequency text NOT NULL,
        enabled boolean NOT NULL,
        last_heartbeat timestamptz,
        next_heartbeat timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE agents.installations (
        user_id text PRIMARY KEY,
        mode text NOT NULL,
        gateway_token text,
        registered_at timestamptz NOT NULL,
        last_seen timestamptz NOT NULL
      )`);
    for (const statement of [
      ...ownerOnlyPolicy('agents', 'agents'),
      ...ownerOnlyPolicy('agents', 'heartbeat_settings'),
      ...ownerOnlyPolicy('agents', 'installations'),
      ...outboxTable('agents'),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agents.outbox, agents.installations, agents.heartbeat_settings, agents.local_runtimes, agents.agents`);
  }
}
