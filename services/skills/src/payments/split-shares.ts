import {
  ApiError, payoutAmounts, shareInHundredths, SKILL_MESSAGES as M, splitSharesProblem, type SplitShareDto, type SplitSharesProblem,
} from '@platform/contracts';
import { getAddress } from 'viem';
import { usdcString } from '../money/usdc.js';
import type { SplitRuleRecipient } from './split-rule.entity.js';

const REFUSALS: Record<SplitSharesProblem, string> = {
  sharesSum: M.percentagesSum,
  recipientsNotDistinct: M.recipientsNotDistinct,
  recipientIsSender: M.recipientIsAgentWallet,
};

/**
 * The recipients of a rule paying from the agent wallet `from` (null when there is none), as
 * stored: 400 for what the wallet's split would refuse later (splitSharesProblem), so a rule that
 * cannot be paid is never kept.
 */
export function ruleRecipients(splits: readonly SplitShareDto[], from: string | null): SplitRuleRecipient[] {
  const problem = splitSharesProblem(from, splits.map((split) => ({ address: split.recipientAddress, hundredths: shareInHundredths(split.percentage) })));
  if (problem) throw new ApiError(400, REFUSALS[problem]);
  return splits.map((split) => ({
    recipientAddress: getAddress(split.recipientAddress), percentage: split.percentage, role: split.role?.trim() || null, name: split.name?.trim() || null,
  }));
}

/** Each recipient's part of `units`, by the wallet's own rounding (payoutAmounts), so a simulation shows what a split would pay. */
export function sharesOf(recipients: readonly SplitRuleRecipient[], units: bigint) {
  const amounts = payoutAmounts(units, recipients.map((recipient) => shareInHundredths(recipient.percentage)));
  return recipients.map((recipient, index) => ({ ...recipient, amountUsdc: usdcString(amounts[index]!) }));
}
