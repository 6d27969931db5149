import { randomBytes, randomUUID } from 'node:crypto';
import type { AgentStatus } from '@platform/contracts';
import { storedConfig } from '../skills/installed-skills-config.js';
import type { AgentEntity } from './agent.entity.js';

export interface NewAgent {
  userId: string;
  name: string;
  plan: string;
  model: string;
  aiProvider: string;
  config: Record<string, unknown>;
  status: AgentStatus;
}

/** A readable, unique subdomain: the name's letters and digits plus the start of the id. */
function subdomainOf(name: string, id: string): string {
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30);
  return `${slug || 'agent'}-${id.slice(0, 8)}`;
}

/**
 * The row of a new agent: its id, subdomain and gateway token are minted here. Every way an agent is
 * made (create, provision, deployment, clone) comes through here, so none stores a `skills` of its
 * caller's (or its parent's).
 */
export function newAgentFields(input: NewAgent, runtimeVersion: string): Omit<AgentEntity, 'createdAt' | 'updatedAt'> {
  const id = randomUUID();
  return {
    ...input,
    config: storedConfig(input.config),
    id,
    subdomain: subdomainOf(input.name, id),
    statusReason: null,
    runtimeUrl: null,
    runtimeVersion,
    gatewayToken: `agt_${randomBytes(24).toString('base64url')}`,
    verified: false,
    verificationType: null,
    attestationUid: null,
    verifiedAt: null,
    startedAt: null,
  };
}
