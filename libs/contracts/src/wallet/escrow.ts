import { IsString, Matches } from 'class-validator';
import { AgentIdField, UserIdField } from './agent-wallet.dtos.js';
import { USDC_AMOUNT_PATTERN } from './split.dtos.js';

/** Texts of the escrow routes (docs/wallet.md, Escrows), worded once so tests and handlers agree. */
export const ESCROW_MESSAGES = {
  bookingIdRequired: 'bookingId is required (at most 128 characters, no spaces)',
  amountInvalid: 'amount must be a USDC amount above 0 written as a string with at most 6 decimals, e.g. "250"',
  payerWalletMissing: 'The paying agent has no wallet held for this user',
  payeeWalletMissing: 'The agent to be paid has no wallet',
  samePayerAndPayee: 'The paying agent and the agent to be paid must differ',
  exists: 'This booking already has an escrow',
  notFound: 'Escrow not found',
  notHeld: 'The escrow does not hold the funds: it is funding, releasing, released or failed',
  gasPending: 'The gas for this transfer is not on chain yet: try again shortly',
} as const;

/** A failed escrow's reason when the payer's wallet holds less USDC than the escrow takes. */
export function escrowShortReason(availableUsdc: string, neededUsdc: string): string {
  return `Insufficient balance: the paying wallet has ${availableUsdc} USDC available, the escrow needs ${neededUsdc} USDC`;
}

const BOOKING_ID = /^\S{1,128}$/;

/** POST /api/underground/escrows (ours): hold `amount` USDC of the paying agent's wallet in a wallet made for the booking. */
export class CreateEscrowDto {
  @UserIdField() userId!: string;
  @Matches(BOOKING_ID, { message: ESCROW_MESSAGES.bookingIdRequired }) @IsString({ message: ESCROW_MESSAGES.bookingIdRequired }) bookingId!: string;
  @AgentIdField() payerAgentId!: string;
  @AgentIdField() payeeAgentId!: string;
  @Matches(USDC_AMOUNT_PATTERN, { message: ESCROW_MESSAGES.amountInvalid }) @IsString({ message: ESCROW_MESSAGES.amountInvalid }) amount!: string;
}

/** Path of the routes of one escrow. */
export class EscrowParams {
  @Matches(BOOKING_ID, { message: ESCROW_MESSAGES.bookingIdRequired }) @IsString({ message: ESCROW_MESSAGES.bookingIdRequired }) bookingId!: string;
}

/** Whose escrows: the bearer caller names the user, as for splits. */
export class EscrowUserDto {
  @UserIdField() userId!: string;
}

/**
 * funding: the hold transfer is recorded or on its way. held: it is confirmed. releasing: the
 * release is on its way. released: the payee has it. failed: the hold failed, nothing is held.
 */
export type EscrowStatus = 'funding' | 'held' | 'releasing' | 'released' | 'failed';
