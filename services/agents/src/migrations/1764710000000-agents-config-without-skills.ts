import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Installed skills are kept once, in agents.agent_skills; an agent's config no longer holds a copy
 * under `skills` (decision 215), so the copies installs wrote are removed. Down writes them back
 * from the installs, as the code before this read them.
 */
export class AgentsConfigWithoutSkills1764710000000 implements MigrationInterface {
  name = 'AgentsConfigWithoutSkills1764710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE agents.agents SET config = config - 'skills' WHERE config ? 'skills'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      UPDATE agents.agents a SET config = a.config || jsonb_build_object('skills', s.skills)
        FROM (SELECT agent_id, jsonb_agg(skill_id ORDER BY installed_at, skill_id) AS skills FROM agents.agent_skills GROUP BY agent_id) s
       WHERE s.agent_id = a.id`);
  }
}
