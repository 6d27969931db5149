import { Type } from 'class-transformer';
import { IsIn, Matches } from 'class-validator';
import { DEFAULT_TOP_UP_CENTS, TOP_UP_AMOUNTS_CENTS } from './wallet-network.js';

/** Error texts of the top-up route (4.1), worded once so tests and handlers agree. */
export const TOP_UP_MESSAGES = {
  invalidAmount: 'Invalid amount',
  invalidAddress: 'Invalid address',
} as const;

/** A wallet address as 4.1 and section 8 take it: 42 characters, 0x hex. */
const WALLET_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Query of GET /api/wallet/top-up; the amount is read first, as the spec lists its error first. */
export class TopUpQuery {
  @IsIn(TOP_UP_AMOUNTS_CENTS, { message: TOP_UP_MESSAGES.invalidAmount })
  @Type(() => Number)
  amount: number = DEFAULT_TOP_UP_CENTS;

  @Matches(WALLET_ADDRESS, { message: TOP_UP_MESSAGES.invalidAddress }) address!: string;
}

/** `svc.billing.top_up_checkout`: the wallet service asks billing for the processor's checkout of a top-up. */
export class TopUpCheckoutQuery {
  @IsIn(TOP_UP_AMOUNTS_CENTS, { message: TOP_UP_MESSAGES.invalidAmount }) amountCents!: number;
  @Matches(WALLET_ADDRESS, { message: TOP_UP_MESSAGES.invalidAddress }) walletAddress!: string;
}
