import type { RuntimeSpec } from '../hosting/hosting.provider.js';
import { configWithSkills } from '../skills/installed-skills-config.js';
import type { AgentEntity } from './agent.entity.js';
import { resourcesOf } from './agent-policy.js';

/** What a runtime is made from: the agent's row, and the skills installed on it in its config. */
export function runtimeSpecOf(agent: AgentEntity, skills: readonly string[]): RuntimeSpec {
  return {
    agentId: agent.id,
    userId: agent.userId,
    plan: agent.plan,
    model: agent.model,
    config: configWithSkills(agent.config, skills),
    gatewayToken: agent.gatewayToken,
    resources: resourcesOf(agent.plan),
  };
}
