import type { AgentEntity } from '../agents/agent.entity.js';

/** The key of an agent's config that lists its installed skills for its runtime; only installs write it. */
export const INSTALLED_SKILLS_KEY = 'skills';

/** The config with `skills` set to the installed slugs, or without the key when there are none. */
export function withInstalledSkills(config: AgentEntity['config'], skillIds: readonly string[]): AgentEntity['config'] {
  const { [INSTALLED_SKILLS_KEY]: _replaced, ...rest } = config;
  return skillIds.length ? { ...rest, [INSTALLED_SKILLS_KEY]: [...skillIds] } : rest;
}
