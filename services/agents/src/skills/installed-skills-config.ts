import { INSTALLED_SKILLS_CONFIG_KEY } from '@platform/contracts';

type AgentConfig = Record<string, unknown>;

/**
 * The settings of a config as stored: `skills` is the installs' alone (decision 215), so a caller's
 * is dropped, whichever path writes the config.
 */
export function storedConfig(config: AgentConfig): AgentConfig {
  const { [INSTALLED_SKILLS_CONFIG_KEY]: _installed, ...settings } = config;
  return settings;
}

/**
 * The config as the runtime and GET /api/agents/:id/config see it: the stored settings and, when
 * any are installed, `skills`. The installs decide whatever a row holds under that key (a copy an
 * older replica wrote during a rollout, say).
 */
export function configWithSkills(config: AgentConfig, skills: readonly string[]): AgentConfig {
  return { ...storedConfig(config), ...(skills.length ? { [INSTALLED_SKILLS_CONFIG_KEY]: [...skills] } : {}) };
}
