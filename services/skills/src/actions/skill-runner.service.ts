import { Inject, Injectable } from '@nestjs/common';
import { ApiError, ERROR_CODES, SKILL_CATALOGUE, SKILL_MESSAGES as M, skillById, skillNotBuilt, type Envelope } from '@platform/contracts';
import { BUILT_SKILLS } from '../skills.tokens.js';
import { skillCaller } from './skill-caller.js';
import type { Skill } from './skill.js';

/**
 * POST /api/skills/{skill-name}: 401 for no user, 404 for a name the catalogue lacks, 501 for a
 * catalogue skill not built yet, else the skill's own answer (its 400s included).
 */
@Injectable()
export class SkillRunner {
  private readonly skills: ReadonlyMap<string, Skill>;

  constructor(@Inject(BUILT_SKILLS) skills: Skill[]) {
    this.skills = new Map(skills.map((skill) => [skill.id, skill]));
    // The catalogue's `built` is what the marketplace tells users: a mismatch would promise a 200 that is a 501, or hide a working skill.
    const claimed = SKILL_CATALOGUE.filter((entry) => entry.built).map((entry) => entry.id).sort();
    const registered = [...this.skills.keys()].sort();
    if (claimed.join() !== registered.join()) throw new Error(`Catalogue built skills (${claimed}) differ from the registered ones (${registered})`);
  }

  async use(envelope: Envelope): Promise<object> {
    const caller = skillCaller(envelope);
    const entry = skillById(envelope.params.skill ?? '');
    if (!entry) throw new ApiError(404, M.skillNotFound);
    const skill = this.skills.get(entry.id);
    if (!skill) throw new ApiError(501, skillNotBuilt(entry.id), { code: ERROR_CODES.skillNotBuilt });
    return { success: true, ...(await skill.use(caller, envelope.body)) };
  }
}
