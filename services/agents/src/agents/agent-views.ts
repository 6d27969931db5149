import type { AgentDetail, AgentStatus, BackendAgentListItem, WebAgentListItem } from '@platform/contracts';
import type { AgentEntity } from './agent.entity.js';

/** Agents are published on their own subdomain; the runtime URL stays internal. */
export const publicUrl = (agent: AgentEntity, domain: string) => `https://${agent.subdomain}.${domain}`;
export const websocketUrl = (agent: AgentEntity, domain: string) => `wss://${agent.subdomain}.${domain}/ws`;

/** `active` is legacy data for running (docs/agents.md): clients only ever see running. */
const shown = (status: AgentStatus): AgentStatus => (status === 'active' ? 'running' : status);

export function backendListItem(agent: AgentEntity, domain: string): BackendAgentListItem {
  return { id: agent.id, status: shown(agent.status), created: agent.createdAt.toISOString(), subdomain: agent.subdomain, url: publicUrl(agent, domain) };
}

export function webListItem(agent: AgentEntity, domain: string): WebAgentListItem {
  return {
    id: agent.id,
    name: agent.name,
    model: agent.model,
    status: shown(agent.status),
    websocketUrl: websocketUrl(agent, domain),
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}

/** The agent as provisioning and cloning answer it on creation. */
export function createdAgent(agent: AgentEntity, domain: string) {
  return { id: agent.id, name: agent.name, status: agent.status, websocketUrl: websocketUrl(agent, domain), createdAt: agent.createdAt.toISOString() };
}

export function agentDetail(agent: AgentEntity, domain: string): AgentDetail & { statusReason?: string } {
  return {
    id: agent.id,
    status: shown(agent.status),
    startedAt: agent.startedAt?.toISOString() ?? null,
    plan: agent.plan,
    subdomain: agent.subdomain,
    url: publicUrl(agent, domain),
    runtimeVersion: agent.runtimeVersion,
    verified: agent.verified,
    verificationType: agent.verificationType,
    attestationUid: agent.attestationUid,
    verifiedAt: agent.verifiedAt?.toISOString() ?? null,
    ...(agent.statusReason ? { statusReason: agent.statusReason } : {}),
  };
}
