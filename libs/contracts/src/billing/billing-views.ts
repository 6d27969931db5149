import type { PlanResources } from '../agents/agent-plans.js';
import type { BillingApiPlan, BillingPlanView, DeployTier } from './billing-plans.js';

/** POST /api/subscriptions/deploy: the subscription recorded and the resources its tier gives. */
export interface DeployResult {
  success: true;
  customerId: string;
  subscriptionId: string | null;
  tier: DeployTier;
  resources: PlanResources;
}

/** A user's AI units today, by the plan's daily allowance (platform-core 4.6). */
export interface DailyUnitsUsage {
  dailyUnits: number;
  used: number;
  remaining: number;
}

/** GET /api/billing: the plans on sale, the caller's plan and subscription, today's units and credits. */
export interface BillingOverview {
  plans: Readonly<Record<BillingApiPlan, BillingPlanView>>;
  currentPlan: string;
  subscriptionStatus: string;
  byokEnabled: boolean;
  usage: DailyUnitsUsage;
  credits: number;
}
