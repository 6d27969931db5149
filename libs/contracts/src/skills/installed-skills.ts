/**
 * The key of an agent's config under which its runtime (AGENT_CONFIG) and GET
 * /api/agents/:id/config see the skills installed on it, oldest install first (docs/skills.md).
 * The agents service fills it from the installs; a config sent with it keeps only its other keys.
 */
export const INSTALLED_SKILLS_CONFIG_KEY = 'skills';
