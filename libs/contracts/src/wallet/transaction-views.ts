/** A card top-up credited by the platform, or a USDC transfer the chain's logs show. */
export type WalletTransactionType = 'top_up' | 'transfer';

export type WalletTransactionStatus = 'pending' | 'confirmed' | 'failed';

/** One entry of the wallet's history (docs/wallet.md, Transactions). */
export interface WalletTransactionView {
  id: string;
  type: WalletTransactionType;
  /** `self`: a transfer from the wallet to itself. */
  direction: 'in' | 'out' | 'self';
  /** Decimal USDC, exact (`25`, `0.5`). */
  amount: string;
  token: 'USDC';
  /** The other side: the sender of what came in, the recipient of what went out; null for a top-up not on chain yet. */
  counterparty: string | null;
  txHash: string | null;
  status: WalletTransactionStatus;
  /** ISO 8601: the block's time for a transfer, the payment's for a top-up. */
  timestamp: string;
  /** Agent calls a top-up bought (one per whole dollar); null for a transfer. */
  calls: number | null;
}

export interface WalletTransactionsView {
  address: string | null;
  network: string;
  hasWallet: boolean;
  transactions: WalletTransactionView[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}
