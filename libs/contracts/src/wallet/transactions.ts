import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Texts of GET /api/wallet/transactions (ours: the spec shows none, docs/spec-decisions.md). */
export const TRANSACTIONS_MESSAGES = {
  invalidLimit: 'limit must be a whole number from 1 to 100',
  invalidCursor: 'Invalid cursor',
  chainUnavailable: 'Failed to read transactions from base-sepolia',
} as const;

export const TRANSACTIONS_DEFAULT_LIMIT = 20;
export const TRANSACTIONS_MAX_LIMIT = 100;

/** Query of GET /api/wallet/transactions: a page of `limit` entries, after `cursor` (the previous page's `nextCursor`). */
export class TransactionsQuery {
  @Max(TRANSACTIONS_MAX_LIMIT, { message: TRANSACTIONS_MESSAGES.invalidLimit })
  @Min(1, { message: TRANSACTIONS_MESSAGES.invalidLimit })
  @IsInt({ message: TRANSACTIONS_MESSAGES.invalidLimit })
  @Type(() => Number)
  limit: number = TRANSACTIONS_DEFAULT_LIMIT;

  @IsOptional()
  @MaxLength(512, { message: TRANSACTIONS_MESSAGES.invalidCursor })
  @IsString({ message: TRANSACTIONS_MESSAGES.invalidCursor })
  cursor?: string;
}

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
