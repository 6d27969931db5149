import type { Plan, SubscriptionStatus } from '../plans.js';

/** Response shapes of the identity routes (platform-core 4.1, 4.5; extended 4.4). */
export interface SessionUserView {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** GET /api/user: the session view plus what the account page shows. */
export interface ProfileView extends SessionUserView {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  referralCode: string;
  createdAt: string;
}

export interface ApiKeyView {
  id: string;
  name: string;
  keyPreview: string;
  createdAt: string;
  lastUsed: string | null;
}

export interface KeyValidationView {
  valid: true;
  userId: string;
  email?: string;
  plan: Plan;
  subscriptionStatus?: SubscriptionStatus;
  features: string[];
}
