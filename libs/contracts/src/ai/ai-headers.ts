/**
 * Request headers the AI routes read (platform-core 4.8 and section 5, header-based context).
 * x-user-id and x-user-email reach the service as the AuthContext of a bearer call.
 */
export const AI_HEADERS = {
  plan: 'x-user-plan',
  subscription: 'x-billing-subscription-id',
  /** The name before the rename; still accepted. */
  legacySubscription: 'x-stripe-subscription-id',
  /** Ours: the agent the usage is billed to. */
  agent: 'x-agent-id',
} as const;

export const AI_FORWARDED_HEADERS: string[] = Object.values(AI_HEADERS);
