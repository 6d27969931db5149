/** The network of session, custodial and agent wallets (extended-services 2): base-sepolia. */
export const WALLET_NETWORK = 'base-sepolia';

/** What POST /api/wallet/create says a custodial wallet can be used on (4.1). */
export const CUSTODIAL_NETWORKS = ['base-sepolia', 'base'] as const;

/** What GET /api/wallet/custodial says custodial wallets run on (4.1, in its order). */
export const CUSTODIAL_SUPPORTED_CHAINS = ['base', 'base-sepolia'] as const;

/** What the custodial agentic wallet can do, as GET /api/wallet lists it (4.1). */
export const AGENTIC_WALLET_FEATURES = ['create_wallet', 'get_balance', 'send_usdc', 'trade_tokens', 'x402_payments'] as const;

/** Card top-up amounts in cents (extended-services 8); each whole dollar buys one agent call. */
export const TOP_UP_AMOUNTS_CENTS = [500, 1000, 2500, 5000] as const;
export const DEFAULT_TOP_UP_CENTS = 1000;

/** Where the processor sends a browser after a top-up (4.1). */
export const TOP_UP_REDIRECTS = {
  success: '/dashboard/wallet?top_up=success',
  cancelled: '/dashboard/wallet?top_up=cancelled',
} as const;
