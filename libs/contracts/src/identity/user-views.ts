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

/** POST /api/register (201). */
export interface RegisteredUserView {
  id: string;
  email: string;
  name: string;
}

/** POST /api/auth/login, with the session cookie. */
export interface SignedInView {
  ok: true;
  user: { id: string; name: string };
}

/** GET /api/auth/session: the caller, or null without a session. */
export interface SessionView {
  user: SessionUserView | null;
}

/** POST /api/auth/forgot-password: the same whether or not the email has an account. */
export interface ResetLinkSentView {
  ok: true;
  message: string;
}

/** POST /api/auth/idp/refresh: the provider's tokens refreshed; seconds until they expire, when it says. */
export interface IdpRefreshedView {
  ok: true;
  expiresIn: number | null;
}

/** GET /api/user, and POST or PATCH's answer. */
export interface UserReply {
  user: ProfileView;
}

export interface ApiKeyView {
  id: string;
  name: string;
  keyPreview: string;
  createdAt: string;
  lastUsed: string | null;
  /** USD per calendar month (UTC) the key may spend; null when uncapped. */
  monthlySpendCap: number | null;
}

/** GET /api/keys. */
export interface ApiKeyList {
  keys: ApiKeyView[];
}

/** POST /api/keys (201): the one answer that carries the whole key. */
export interface CreatedApiKeyView {
  id: string;
  name: string;
  key: string;
  createdAt: string;
  monthlySpendCap: number | null;
}

/** GET /api/keys/:id: one key with what it has spent, which the list leaves out to stay one read. */
export interface ApiKeyDetailView extends ApiKeyView {
  /** USD the key's platform-billed calls cost this month; null when the usage service did not answer in time. */
  spentThisMonth: number | null;
}

export interface KeyValidationView {
  valid: true;
  userId: string;
  email?: string;
  plan: Plan;
  subscriptionStatus?: SubscriptionStatus;
  features: string[];
}
