import type { PlanResources } from '../agents/agent-plans.js';
import type { DeployTier } from './billing-plans.js';

/** POST /api/subscriptions/deploy: the subscription recorded and the resources its tier gives. */
export interface DeployResult {
  success: true;
  customerId: string;
  subscriptionId: string | null;
  tier: DeployTier;
  resources: PlanResources;
}
