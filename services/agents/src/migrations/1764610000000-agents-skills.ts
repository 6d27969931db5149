import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AgentsSkills1764610000000 implements MigrationInterface {
  name = 'AgentsSkills1764610000000';

  async up(db: QueryRunner): Promise<void> {
    // Installed skills (extended-services 2): one row per skill on an agent; the agent's config lists them for its runtime.
    await db.query(`
      CREATE TABLE agents.agent_skills (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        agent_id uuid NOT NULL REFERENCES agents.agents (id) ON DELETE CASCADE,
        skill_id varchar(64) NOT NULL,
        installed_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (agent_id, skill_id)
      )`);
    await db.query('CREATE INDEX agent_skills_user ON agents.agent_skills (user_id)');
    for (const statement of ownerOnlyPolicy('agents', 'agent_skills')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE agents.agent_skills');
  }
}
