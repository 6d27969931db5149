/** Shares are percentages with at most 2 decimals: counted in hundredths of a percent, 10,000 in all. */
export const WHOLE_IN_HUNDREDTHS = 10_000;

export const shareInHundredths = (share: number): number => Math.round(share * 100);

/**
 * What each recipient gets of `total` units, in the order given: its share of the total rounded
 * down, and the units rounding left over (fewer than one per recipient) to the recipient with the
 * largest share, the first of them on a tie. The amounts add up to `total` exactly: no dust is lost.
 */
export function payoutAmounts(total: bigint, hundredths: readonly number[]): bigint[] {
  const amounts = hundredths.map((part) => (total * BigInt(part)) / BigInt(WHOLE_IN_HUNDREDTHS));
  const remainder = total - amounts.reduce((sum, amount) => sum + amount, 0n);
  const largest = hundredths.indexOf(Math.max(...hundredths));
  amounts[largest] = amounts[largest]! + remainder;
  return amounts;
}

/** Why recipients cannot share a payout; each service words it in its own field names. */
export type SplitSharesProblem = 'sharesSum' | 'recipientsNotDistinct' | 'recipientIsSender';

export interface SplitShare {
  address: string;
  hundredths: number;
}

/**
 * What stops `shares` from sharing a payout of the wallet `from`, or null: the shares must make
 * exactly 100 (in hundredths), and no address may come twice or be the paying wallet, in any
 * casing. `from` is null while no wallet pays yet (a rule on an agent without one); a wallet made
 * later is a new key, so it cannot be an address already in the rule.
 */
export function splitSharesProblem(from: string | null, shares: readonly SplitShare[]): SplitSharesProblem | null {
  if (shares.reduce((sum, share) => sum + share.hundredths, 0) !== WHOLE_IN_HUNDREDTHS) return 'sharesSum';
  const addresses = shares.map((share) => share.address.toLowerCase());
  if (new Set(addresses).size !== addresses.length) return 'recipientsNotDistinct';
  if (from !== null && addresses.includes(from.toLowerCase())) return 'recipientIsSender';
  return null;
}
