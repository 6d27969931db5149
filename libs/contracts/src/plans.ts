/** Plan identifiers a user record can carry (platform-core section 2, Plan). */
export const PLANS = [
  'free', 'solo', 'collective', 'label', 'network',
  'underground', 'starter', 'pro', 'scale', 'enterprise', 'white_glove',
] as const;
export type Plan = (typeof PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
