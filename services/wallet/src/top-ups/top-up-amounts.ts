/** USDC has 6 decimals: a cent is 10^4 of its smallest units. */
const USDC_UNITS_PER_CENT = 10_000n;

/** What a top-up of `amountCents` puts on chain: its dollars in USDC, one for one. */
export function usdcUnitsOf(amountCents: number): bigint {
  return BigInt(amountCents) * USDC_UNITS_PER_CENT;
}

/** Agent calls a top-up buys: one per whole dollar (4.1), a part dollar buys none. */
export function callsOf(amountCents: number): number {
  return Math.floor(amountCents / 100);
}
