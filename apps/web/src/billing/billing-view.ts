import type { BillingApiPlan, BillingPlanView } from '@contracts/billing/billing-plans.js';

/** GET /api/billing (platform-core 4.6) with our `credits`, as services/billing answers it. */
export interface BillingOverviewView {
  plans: Record<BillingApiPlan, BillingPlanView>;
  currentPlan: string;
  subscriptionStatus: string;
  byokEnabled: boolean;
  usage: { dailyUnits: number; used: number; remaining: number };
  credits: number;
}
