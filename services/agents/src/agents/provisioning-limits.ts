import { AGENT_MESSAGES as M, ApiError, ERROR_CODES, type AgentPlan, type AuthContext } from '@platform/contracts';
import { BACKEND_PLAN_LIMITS, callerTier, WEB_TIER_LIMITS } from './agent-policy.js';

/** Refuses one more agent for a user who already has `current`. */
export type LimitCheck = (current: number) => void;

/** Web provisioning: the caller's tier limit, 429 with current and limit (platform-core section 8). */
export function webLimit(auth: AuthContext): LimitCheck {
  const limit = WEB_TIER_LIMITS[callerTier(auth.plan, auth.isAdmin)];
  return (current) => {
    if (current >= limit) throw new ApiError(429, M.webLimitReached, { current, limit });
  };
}

/** Backend provisioning: the agent's plan limit, 402 AGENT_LIMIT_REACHED. */
export function backendLimit(plan: AgentPlan): LimitCheck {
  const limit = BACKEND_PLAN_LIMITS[plan];
  return (current) => {
    if (current >= limit) throw new ApiError(402, M.backendLimitReached, { code: ERROR_CODES.agentLimitReached, current, limit });
  };
}

/** The rule of the caller's surface: a bearer caller acts for the platform, anyone else for themselves. */
export function limitOf(auth: AuthContext, plan: AgentPlan): LimitCheck {
  return auth.via === 'internal' ? backendLimit(plan) : webLimit(auth);
}
