import type { SkillCategory, SkillEntry } from './skill-catalogue.js';

/** GET /api/skills (extended-services 4.7): the skills the filters keep, every category, the featured ones. */
export interface SkillListView {
  skills: SkillEntry[];
  categories: SkillCategory[];
  featured: SkillEntry[];
}

/** An installed skill (extended-services 2). */
export interface InstalledSkillView {
  id: string;
  skillId: string;
  agentId: string;
  installedAt: string;
}

export interface SkillInstalledReply {
  success: true;
  installed: InstalledSkillView;
}
