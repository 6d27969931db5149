/** GET and POST /api/auth/nonce. */
export interface NonceView {
  nonce: string;
}

/** POST /api/wallet-auth, with the session cookie. */
export interface WalletAuthView {
  ok: true;
  user: { id: string; name: string; email: string };
  /** The signing wallet, lower case. */
  address: string;
  /** True when this sign-in created the user. */
  created: boolean;
}

/** GET and POST /api/auth/gate-token. */
export interface GateTokenAccessView {
  address: string;
  hasAccess: boolean;
  /** Smallest units, as decimal strings. */
  balance: string;
  required: string;
  token: { address: string; symbol: string; decimals: number; chainId: number };
}
