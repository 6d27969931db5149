import { QUEUES } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import type { AgentEntity } from './agent.entity.js';

/**
 * The provisioning job of one in-progress status: the id names the agent, the status and when it
 * was entered, so the reconciler re-queuing it at boot never doubles a job that is already queued,
 * running or done. (BullMQ ids may not contain a colon.)
 */
export function provisionJobId(agent: Pick<AgentEntity, 'id' | 'status' | 'updatedAt'>): string {
  return `${agent.id}_${agent.status}_${agent.updatedAt.getTime()}`;
}

export function enqueueProvision(queues: QueueFactory, agent: Pick<AgentEntity, 'id' | 'status' | 'updatedAt'>): Promise<void> {
  return queues.add(QUEUES.agentsProvision, { agentId: agent.id }, provisionJobId(agent));
}
