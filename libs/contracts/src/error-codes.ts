/** The spec's named error codes (platform-core section 7), and ours where the spec names none. */
export const ERROR_CODES = {
  adminRequired: 'ADMIN_REQUIRED',
  planRequired: 'PLAN_REQUIRED',
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  modelRestricted: 'MODEL_RESTRICTED',
  quotaExceeded: 'QUOTA_EXCEEDED',
  agentLimitReached: 'AGENT_LIMIT_REACHED',
  botCheckFailed: 'BOT_CHECK_FAILED',
  spendCapReached: 'SPEND_CAP_REACHED',
  modelNotFound: 'MODEL_NOT_FOUND',
  skillLimitReached: 'SKILL_LIMIT_REACHED',
  skillNotBuilt: 'SKILL_NOT_BUILT',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
