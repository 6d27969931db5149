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
