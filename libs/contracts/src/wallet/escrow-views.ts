import type { EscrowStatus } from './escrow.js';

export interface EscrowView {
  bookingId: string;
  status: EscrowStatus;
  /** USDC, exact decimal text. */
  amount: string;
  payerAgentId: string;
  payerAddress: string;
  escrowAddress: string;
  payeeAgentId: string;
  payeeAddress: string;
  holdTxHash: string | null;
  releaseTxHash: string | null;
  reason: string | null;
  createdAt: string;
}

export interface EscrowListView {
  escrows: EscrowView[];
}
