import { ApiError, payoutAmounts, shareInHundredths, SKILL_MESSAGES as M, WHOLE_IN_HUNDREDTHS, type SplitShareDto } from '@platform/contracts';
import { getAddress } from 'viem';
import { usdcString } from '../money/usdc.js';
import type { SplitRuleRecipient } from './split-rule.entity.js';

/** The recipients of a rule as stored: 400 unless the percentages make exactly 100 (in hundredths) and no address comes twice. */
export function ruleRecipients(splits: readonly SplitShareDto[]): SplitRuleRecipient[] {
  const total = splits.reduce((sum, split) => sum + shareInHundredths(split.percentage), 0);
  if (total !== WHOLE_IN_HUNDREDTHS) throw new ApiError(400, M.percentagesSum);
  const recipients = splits.map((split) => ({
    recipientAddress: getAddress(split.recipientAddress), percentage: split.percentage, role: split.role?.trim() || null, name: split.name?.trim() || null,
  }));
  if (new Set(recipients.map((recipient) => recipient.recipientAddress)).size !== recipients.length) throw new ApiError(400, M.recipientsNotDistinct);
  return recipients;
}

/** Each recipient's part of `units`, by the wallet's own rounding (payoutAmounts), so a simulation shows what a split would pay. */
export function sharesOf(recipients: readonly SplitRuleRecipient[], units: bigint) {
  const amounts = payoutAmounts(units, recipients.map((recipient) => shareInHundredths(recipient.percentage)));
  return recipients.map((recipient, index) => ({ ...recipient, amountUsdc: usdcString(amounts[index]!) }));
}
