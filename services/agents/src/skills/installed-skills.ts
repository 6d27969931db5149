import { Injectable } from '@nestjs/common';
import { Db } from '@platform/database';

/**
 * The skills installed on agents, read from `agents.agent_skills`, the one place installs are kept.
 * Read as the system: callers have already found the agents in their own scope.
 */
@Injectable()
export class InstalledSkills {
  constructor(private readonly db: Db) {}

  /** Each agent's slugs, oldest install first, in one query; an agent with none is not in the map. */
  async of(agentIds: readonly string[]): Promise<Map<string, string[]>> {
    if (!agentIds.length) return new Map();
    const rows = await this.db.asSystem((manager) => manager.query(
      `SELECT agent_id, array_agg(skill_id ORDER BY installed_at, skill_id) AS skills
         FROM agents.agent_skills WHERE agent_id = ANY($1::uuid[]) GROUP BY agent_id`,
      [agentIds],
    ) as Promise<Array<{ agent_id: string; skills: string[] }>>);
    return new Map(rows.map((row) => [row.agent_id, row.skills]));
  }

  async ofAgent(agentId: string): Promise<string[]> {
    return (await this.of([agentId])).get(agentId) ?? [];
  }
}
