import { isUUID } from 'class-validator';
import {
  AI_HEADERS, AI_MESSAGES as M, ApiError, ERROR_CODES, isAdminEmail, isAiPlan,
  type AiPlan, type AiProvider, type AuthContext, type BillingAccountState,
} from '@platform/contracts';
import { ProviderKey } from '../providers/provider-key.js';

/** A user's own provider key (bring-your-own-key): that user's chats go to this provider with it. */
export interface OwnKey {
  provider: AiProvider;
  key: ProviderKey;
}

export interface AiAccess {
  plan: AiPlan;
  /** x-user-email is in ADMIN_EMAILS: plan and subscription are not checked, network access. */
  admin: boolean;
  /** Billing says the user brings their own key; null for admins and header callers. */
  ownKey: OwnKey | null;
}

/** Who tells a caller's plan and subscription. */
export type AccessSource = 'admin' | 'billing' | 'headers';

export const ADMIN_ACCESS: AiAccess = { plan: 'network', admin: true, ownKey: null };

type Headers = Record<string, string | undefined>;

const paymentRequired = (message: string, code: typeof ERROR_CODES.planRequired | typeof ERROR_CODES.subscriptionRequired) =>
  new ApiError(402, message, { success: false, code });

/**
 * Admins keep their bypass without billing being asked. A platform user (every platform user id is
 * a UUID) is judged by billing's state, whatever headers came along; any other id (a bearer backend
 * acting for users of its own, or `anonymous`) by the headers of platform-core 4.8.
 */
export function accessSource(caller: Pick<AuthContext, 'userId' | 'email'>, adminEmails: string): AccessSource {
  if (isAdminEmail(adminEmails, caller.email)) return 'admin';
  return isUUID(caller.userId) ? 'billing' : 'headers';
}

/**
 * The plan middleware of platform-core 4.8: x-user-plan must name an AI plan; when the route needs a
 * subscription, a subscription id must be sent (x-billing-subscription-id, or the older x-stripe-subscription-id).
 */
export function headerAccess(headers: Headers, needsSubscription: boolean): AiAccess {
  const subscriptionId = headers[AI_HEADERS.subscription]?.trim() || headers[AI_HEADERS.legacySubscription]?.trim();
  return { plan: paidPlan(headers[AI_HEADERS.plan]?.trim().toLowerCase(), Boolean(subscriptionId), needsSubscription), admin: false, ownKey: null };
}

/** The same rule on billing's state: only an `active` subscription counts. */
export function accountAccess(state: BillingAccountState, needsSubscription: boolean): AiAccess {
  const plan = paidPlan(state.plan, state.subscriptionStatus === 'active', needsSubscription);
  return { plan, admin: false, ownKey: state.byok ? { provider: state.byok.provider, key: new ProviderKey(state.byok.apiKey) } : null };
}

/** Plan before subscription, as the plan middleware checks them (docs/spec-decisions.md row 20). */
function paidPlan(plan: string | undefined, subscribed: boolean, needsSubscription: boolean): AiPlan {
  if (!isAiPlan(plan)) throw paymentRequired(M.planRequired, ERROR_CODES.planRequired);
  if (needsSubscription && !subscribed) throw paymentRequired(M.subscriptionRequired, ERROR_CODES.subscriptionRequired);
  return plan;
}
