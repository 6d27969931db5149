import type { RuntimeSpec } from '../hosting/hosting.provider.js';
import type { AgentEntity } from './agent.entity.js';
import { resourcesOf } from './agent-policy.js';

export function runtimeSpecOf(agent: AgentEntity): RuntimeSpec {
  return {
    agentId: agent.id,
    userId: agent.userId,
    plan: agent.plan,
    model: agent.model,
    config: agent.config,
    gatewayToken: agent.gatewayToken,
    resources: resourcesOf(agent.plan),
  };
}
