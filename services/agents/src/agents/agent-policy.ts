import {
  PLAN_RESOURCES, type AgentPlan, type AiProvider, type AuthContext, type Plan, type PlanResources, type ProvisionModel, type WebTier,
} from '@platform/contracts';

/** A web tier the caller holds; `unknown` for plans no tier matches. */
export type CallerTier = WebTier | 'unknown';

/** Web provisioning limits (platform-core section 8). */
export const WEB_TIER_LIMITS: Readonly<Record<CallerTier, number>> = { starter: 1, pro: 3, enterprise: 100, unknown: 1 };

/** Backend provisioning limits; network is "practically unlimited". */
export const BACKEND_PLAN_LIMITS: Readonly<Record<AgentPlan, number>> = { solo: 1, collective: 3, label: 10, network: Number.MAX_SAFE_INTEGER };

/** A web tier forwarded as plan (docs/agents.md); no tier means the backend default, label. */
export const TIER_PLAN: Readonly<Record<WebTier, AgentPlan>> = { starter: 'solo', pro: 'collective', enterprise: 'network' };
export const DEFAULT_AGENT_PLAN: AgentPlan = 'label';

/**
 * Which web tier a user's plan gives: the inverse of TIER_PLAN, with the legacy aliases next to
 * the plan they price like. label and free match no tier (limit 1).
 */
const CALLER_TIER: Readonly<Partial<Record<Plan, WebTier>>> = {
  solo: 'starter', starter: 'starter', underground: 'starter',
  collective: 'pro', pro: 'pro', scale: 'pro',
  network: 'enterprise', enterprise: 'enterprise', white_glove: 'enterprise',
};

const TIER_RANK: Readonly<Record<CallerTier, number>> = { unknown: 0, starter: 1, pro: 2, enterprise: 3 };

/**
 * Who may bring a runtime up: a user with an active subscription, an admin, or a bearer caller (it
 * acts for the platform and carries no subscription of its own).
 */
export function paysForRuntimes(auth: AuthContext): boolean {
  return auth.via === 'internal' || auth.isAdmin || auth.subscriptionStatus === 'active';
}

/** Admins get the elevated (enterprise) limit, whatever their plan. */
export function callerTier(plan: Plan, isAdmin: boolean): CallerTier {
  return isAdmin ? 'enterprise' : CALLER_TIER[plan] ?? 'unknown';
}

/** A tier asked for in the body may not be above the caller's own: it would buy resources unpaid. */
export function tierAllowed(asked: WebTier, held: CallerTier): boolean {
  return TIER_RANK[asked] <= TIER_RANK[held];
}

export const DEFAULT_MODEL: ProvisionModel = 'claude-opus-4-6';

/** claude-opus-4-6 goes to the vendor directly; every other model through the configured provider. */
export function aiProviderFor(model: string, configured: AiProvider): AiProvider {
  return model === DEFAULT_MODEL ? 'anthropic' : configured;
}

export function resourcesOf(plan: string): PlanResources {
  return PLAN_RESOURCES[plan as keyof typeof PLAN_RESOURCES] ?? PLAN_RESOURCES[DEFAULT_AGENT_PLAN];
}
