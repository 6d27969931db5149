import type { PlanResources } from './agent-plans.js';

/** One runtime the hosting provider runs (GET /api/agent-runtime/instances). */
export interface RuntimeInstanceView {
  agentId: string;
  /** The process id with the local provider; a remote one would give its machine id instead. */
  pid: number | null;
  machineId: string | null;
  port: number | null;
  status: 'running' | 'suspended' | 'exited';
  exitCode: number | null;
  startedAt: string;
  /** The plan's limits the runtime was started with. */
  resources: PlanResources;
}

export interface RuntimeInstancesReply {
  provider: string;
  instances: RuntimeInstanceView[];
  count: number;
}
