import { ApiError, payoutAmounts, shareInHundredths, SPLIT_MESSAGES as M, WHOLE_IN_HUNDREDTHS, type SplitRecipientDto } from '@platform/contracts';
import { getAddress } from 'viem';
import type { SplitRecipient } from './split.entity.js';

/**
 * The recipients of a split paying `total` units from `from`, each with the units it gets; 400 when
 * the shares do not make exactly 100, an address comes twice or is the payer's own, or the total
 * is too small to give everyone at least one unit.
 */
export function splitRecipients(from: string, recipients: readonly SplitRecipientDto[], total: bigint): SplitRecipient[] {
  const hundredths = recipients.map((recipient) => shareInHundredths(recipient.share));
  if (hundredths.reduce((sum, part) => sum + part, 0) !== WHOLE_IN_HUNDREDTHS) throw new ApiError(400, M.sharesSum);
  const addresses = recipients.map((recipient) => getAddress(recipient.address));
  if (new Set(addresses).size !== addresses.length) throw new ApiError(400, M.recipientsNotDistinct);
  if (addresses.includes(getAddress(from))) throw new ApiError(400, M.recipientIsSender);
  const amounts = payoutAmounts(total, hundredths);
  if (amounts.some((amount) => amount === 0n)) throw new ApiError(400, M.amountTooSmall);
  return addresses.map((address, index) => ({ address, share: recipients[index]!.share, amount: amounts[index]!.toString() }));
}
