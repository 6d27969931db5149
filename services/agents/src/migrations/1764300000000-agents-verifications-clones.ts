import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each agent's latest verification, and the clones with the payment each was bought with. A clone
 * row outlives its agent on purpose: the transaction hash stays spent.
 */
export class AgentsVerificationsClones1764300000000 implements MigrationInterface {
  name = 'AgentsVerificationsClones1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agents.verifications (
        agent_id uuid PRIMARY KEY REFERENCES agents.agents(id) ON DELETE CASCADE,
        user_id text NOT NULL,
        verified boolean NOT NULL,
        verification_type text,
        challenge text NOT NULL,
        checks jsonb NOT NULL,
        failures jsonb NOT NULL,
        checked_at timestamptz NOT NULL,
        verified_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE agents.clones (
        agent_id uuid PRIMARY KEY,
        user_id text NOT NULL,
        parent_agent_id uuid NOT NULL,
        generation integer NOT NULL,
        specialization text NOT NULL,
        transaction_hash text NOT NULL UNIQUE,
        chain_id integer NOT NULL,
        payer text NOT NULL,
        amount_units numeric(78, 0) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const statement of [...ownerOnlyPolicy('agents', 'verifications'), ...ownerOnlyPolicy('agents', 'clones')]) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agents.clones, agents.verifications`);
  }
}
