import type { AiProvider } from '../ai/model-catalogue.js';
import type { Plan, SubscriptionStatus } from '../plans.js';

/**
 * What the AI layer asks billing about a platform user before a chat (`svc.billing.account`):
 * the real plan and status, and the user's own provider key while bring-your-own-key is on. The key
 * crosses NATS only between these two services and is never logged or returned to a client.
 */
export interface BillingAccountState {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  byok: { provider: AiProvider; apiKey: string } | null;
}

export interface BillingAccountQuery {
  userId: string;
}
