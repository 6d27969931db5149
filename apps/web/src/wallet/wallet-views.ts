/**
 * The wallet service's answers the contracts do not type (services/wallet): GET /api/wallet with a
 * session, and GET /api/wallet?address= (extended-services 4.1).
 */
export type SessionWalletView =
  | { hasWallet: true; address: string; balance: string; network: string; createdAt: string }
  | { hasWallet: false; address: null; balance: string; network: string; message: string }
  /** When the custodial provider is configured the route describes it instead (4.1). */
  | { hasWallet?: undefined; agenticWallet: { status: string; features: string[] }; instructions: string };

export interface StablecoinBalancesView {
  chain: string;
  totalUsd: string;
  allTokens: { address: string; name: string; symbol: string; balance: string }[];
}
