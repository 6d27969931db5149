import {
  AI_HEADERS, AI_MESSAGES as M, ApiError, ERROR_CODES, isAdminEmail, isAiPlan, MODEL_CATALOGUE, PLAN_MODELS,
  type AiPlan,
} from '@platform/contracts';

export interface AiAccess {
  plan: AiPlan;
  /** x-user-email is in ADMIN_EMAILS: plan and subscription are not checked, network access. */
  admin: boolean;
}

type Headers = Record<string, string | undefined>;

const paymentRequired = (message: string, code: typeof ERROR_CODES.planRequired | typeof ERROR_CODES.subscriptionRequired) =>
  new ApiError(402, message, { success: false, code });

/**
 * The plan middleware of platform-core 4.8: x-user-plan must name an AI plan (free and unknown
 * values are 402 PLAN_REQUIRED); when `subscription` is asked for, a subscription id must be sent
 * (x-billing-subscription-id, or the older x-stripe-subscription-id).
 */
export function resolveAccess(headers: Headers, email: string, adminEmails: string, subscription: boolean): AiAccess {
  if (isAdminEmail(adminEmails, email)) return { plan: 'network', admin: true };
  const plan = headers[AI_HEADERS.plan]?.trim().toLowerCase();
  if (!isAiPlan(plan)) throw paymentRequired(M.planRequired, ERROR_CODES.planRequired);
  const subscriptionId = headers[AI_HEADERS.subscription]?.trim() || headers[AI_HEADERS.legacySubscription]?.trim();
  if (subscription && !subscriptionId) throw paymentRequired(M.subscriptionRequired, ERROR_CODES.subscriptionRequired);
  return { plan, admin: false };
}

export function allowedModels(plan: AiPlan): string[] {
  const models = PLAN_MODELS[plan];
  return models === 'all' ? MODEL_CATALOGUE.map((entry) => entry.id) : [...models];
}

export function isModelAllowed(plan: AiPlan, modelId: string): boolean {
  const models = PLAN_MODELS[plan];
  return models === 'all' || models.includes(modelId);
}
