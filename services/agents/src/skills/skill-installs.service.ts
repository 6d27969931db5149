import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { EntityManager } from 'typeorm';
import {
  ApiError, ERROR_CODES, SKILL_MESSAGES as M, skillById, skillLimitOf, type AuthContext, type InstalledSkillView,
  type SkillInstallDto, type SkillInstalledReply, type SuccessReply,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { AgentEntity } from '../agents/agent.entity.js';
import { AgentSkillEntity } from './agent-skill.entity.js';

const view = (row: AgentSkillEntity): InstalledSkillView =>
  ({ id: row.id, skillId: row.skillId, agentId: row.agentId, installedAt: row.installedAt.toISOString() });

/**
 * POST and DELETE /api/skills (extended-services 4.7) on the caller's own agents. An install is its
 * row of `agents.agent_skills` and nothing else: the agent's config shows the installs when it is
 * read (InstalledSkills). The plan's skill limit is counted under a per-user advisory lock, so
 * concurrent installs at the limit make exactly as many as it allows.
 */
@Injectable()
export class SkillInstalls {
  constructor(private readonly db: Db) {}

  /** Installing a skill the agent has already is answered with that installation and counts nothing. */
  async install(caller: AuthContext, dto: SkillInstallDto): Promise<SkillInstalledReply> {
    if (!skillById(dto.skillId)) throw new ApiError(404, M.skillNotFound);
    const installed = await this.db.withUser(caller.userId, async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`agents.skills:${caller.userId}`]);
      const agent = await this.lockedAgent(manager, dto.agentId, M.agentNotFound);
      const existing = await manager.findOneBy(AgentSkillEntity, { agentId: agent.id, skillId: dto.skillId });
      if (existing) return existing;
      const limit = skillLimitOf(caller.plan);
      const current = await manager.countBy(AgentSkillEntity, { userId: caller.userId });
      if (current >= limit) throw new ApiError(429, M.limitReached, { code: ERROR_CODES.skillLimitReached, current, limit });
      return manager.save(manager.create(AgentSkillEntity, { userId: caller.userId, agentId: agent.id, skillId: dto.skillId }));
    });
    return { success: true, installed: view(installed) };
  }

  /** Another user's agent, an unknown one and a skill not on it are all 404: the installation is missing. */
  async uninstall(caller: AuthContext, dto: SkillInstallDto): Promise<SuccessReply> {
    await this.db.withUser(caller.userId, async (manager) => {
      const agent = await this.lockedAgent(manager, dto.agentId, M.installationNotFound);
      const removed = await manager.delete(AgentSkillEntity, { agentId: agent.id, skillId: dto.skillId });
      if (!removed.affected) throw new ApiError(404, M.installationNotFound);
    });
    return { success: true };
  }

  /** The caller's agent, locked until the transaction ends so it is not deleted under the install (RLS hides another user's). */
  private async lockedAgent(manager: EntityManager, agentId: string, notFound: string): Promise<AgentEntity> {
    const agent = isUUID(agentId) ? await manager.findOne(AgentEntity, { where: { id: agentId }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!agent) throw new ApiError(404, notFound);
    return agent;
  }
}
