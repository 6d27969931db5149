/**
 * What the platform writes into a checkout session's metadata, and reads back from the processor's
 * events. The keys are the wire between billing and the processor: the wallet issue's top-ups add
 * `wallet_top_up` (extended-services 6).
 */
export const CHECKOUT_KINDS = ['subscription', 'credit_pack', 'wallet_top_up'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

export const CHECKOUT_METADATA = {
  type: 'type',
  userId: 'userId',
  plan: 'plan',
  pack: 'pack',
  credits: 'credits',
  walletAddress: 'walletAddress',
  amountCents: 'amountCents',
} as const;

/** The header carrying the processor's webhook signature, `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const BILLING_SIGNATURE_HEADER = 'billing-signature';

/** Processor event types billing acts on. */
export const BILLING_EVENT_TYPES = {
  checkoutCompleted: 'checkout.session.completed',
  subscriptionUpdated: 'customer.subscription.updated',
  subscriptionDeleted: 'customer.subscription.deleted',
  invoicePaymentFailed: 'invoice.payment_failed',
} as const;
