import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per user, the plan-changed event last applied to their agents (billing's suspensions and resumptions). */
export class AgentsSubscriptionStates1764200000000 implements MigrationInterface {
  name = 'AgentsSubscriptionStates1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agents.subscription_states (
        user_id text PRIMARY KEY,
        subscription_status text NOT NULL,
        event_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    for (const statement of ownerOnlyPolicy('agents', 'subscription_states')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agents.subscription_states`);
  }
}
