import type { EscrowStatus, EscrowView } from '@platform/contracts';
import { usdcText } from '../chain/usdc-balances.js';
import type { TransferEntity } from '../transfers/transfer.entity.js';
import type { EscrowEntity } from './escrow.entity.js';

/** The escrow's state, read off its two transfers: the hold (always recorded with it) and the release, once asked for. */
export function escrowStatus(hold: TransferEntity, release: TransferEntity | undefined): EscrowStatus {
  if (hold.status === 'failed') return 'failed';
  if (hold.status !== 'confirmed') return 'funding';
  if (!release) return 'held';
  // A release that failed on chain left the funds where they were: held, and releasable again.
  if (release.status === 'failed') return 'held';
  return release.status === 'confirmed' ? 'released' : 'releasing';
}

export function escrowView(escrow: EscrowEntity, hold: TransferEntity, release: TransferEntity | undefined): EscrowView {
  return {
    bookingId: escrow.bookingId,
    status: escrowStatus(hold, release),
    amount: usdcText(escrow.amount),
    payerAgentId: escrow.payerAgentId,
    payerAddress: escrow.payerAddress,
    escrowAddress: escrow.escrowAddress,
    payeeAgentId: escrow.payeeAgentId,
    payeeAddress: escrow.payeeAddress,
    holdTxHash: hold.txHash,
    releaseTxHash: release?.txHash ?? null,
    reason: release?.status === 'failed' ? release.error : hold.error,
    createdAt: escrow.createdAt.toISOString(),
  };
}
