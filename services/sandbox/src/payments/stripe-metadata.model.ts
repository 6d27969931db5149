/** Stripe metadata: string keys to string values, set by the caller and echoed back. */
export type StripeMetadata = Record<string, string>;
