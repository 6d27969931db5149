import type { Address } from 'viem';
import type { TransferPurpose } from './transfer.entity.js';

/** A transfer to record: `(purpose, purposeId, position)` names it, so recording it twice is recording it once. */
export interface PlannedTransfer {
  userId: string | null;
  chainId: number;
  /** Null: native currency (gas). */
  token: Address | null;
  from: Address;
  to: Address;
  /** Smallest units. */
  amount: bigint;
  purpose: TransferPurpose;
  purposeId: string;
  position?: number;
}
