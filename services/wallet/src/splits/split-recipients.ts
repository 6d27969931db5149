import {
  ApiError, payoutAmounts, shareInHundredths, splitSharesProblem, SPLIT_MESSAGES as M, type SplitRecipientDto, type SplitSharesProblem,
} from '@platform/contracts';
import { getAddress } from 'viem';
import type { SplitRecipient } from './split.entity.js';

const REFUSALS: Record<SplitSharesProblem, string> = {
  sharesSum: M.sharesSum,
  recipientsNotDistinct: M.recipientsNotDistinct,
  recipientIsSender: M.recipientIsSender,
};

/**
 * The recipients of a split paying `total` units from `from`, each with the units it gets; 400 when
 * the shares do not make exactly 100, an address comes twice or is the payer's own, or the total
 * is too small to give everyone at least one unit.
 */
export function splitRecipients(from: string, recipients: readonly SplitRecipientDto[], total: bigint): SplitRecipient[] {
  const hundredths = recipients.map((recipient) => shareInHundredths(recipient.share));
  const problem = splitSharesProblem(from, recipients.map((recipient, index) => ({ address: recipient.address, hundredths: hundredths[index]! })));
  if (problem) throw new ApiError(400, REFUSALS[problem]);
  const amounts = payoutAmounts(total, hundredths);
  if (amounts.some((amount) => amount === 0n)) throw new ApiError(400, M.amountTooSmall);
  return recipients.map((recipient, index) => ({ address: getAddress(recipient.address), share: recipient.share, amount: amounts[index]!.toString() }));
}
