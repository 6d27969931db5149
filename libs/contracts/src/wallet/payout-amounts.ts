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
