/** Error texts of the billing routes, worded once so tests and handlers agree. */
export const BILLING_MESSAGES = {
  invalidAction: 'Invalid action',
  invalidPlan: 'Invalid plan',
  invalidPack: 'Invalid pack',
  apiKeyRequired: 'apiKey is required',
  providerRequired: 'provider is required',
  unknownProvider: 'provider must be one of openrouter, anthropic, openai',
  byokEnabled: 'Bring-your-own-key enabled: your calls to this provider are billed by the provider',
  byokDisabled: 'Bring-your-own-key disabled: your calls are billed by the platform again',
  checkoutFailed: 'Checkout failed',
  notConfigured: 'Payment processor not configured',
  invalidSignature: 'Invalid signature',
  customerIdRequired: 'customerId or stripeCustomerId is required',
  tierRequired: 'tier is required',
  invalidTier: 'Invalid tier',
} as const;

/** Where GET /api/billing-provider/checkout sends a browser when it cannot (4.6). */
export const CHECKOUT_ERRORS = {
  invalidPlan: '/pricing?error=invalid_plan',
  notConfigured: '/pricing?error=stripe_not_configured',
  failed: '/pricing?error=checkout_failed',
} as const;
