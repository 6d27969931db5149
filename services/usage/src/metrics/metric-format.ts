/** Two decimals, as the spec's strings and our numbers carry them. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The mean with two decimals; 0 of nothing. */
export function mean(values: number[]): number {
  return values.length ? round2(values.reduce((sum, value) => sum + value, 0) / values.length) : 0;
}

/** `part` of `whole` in percent, as a string with two decimals; `whenEmpty` when there is no whole. */
export function percentString(part: number, whole: number, whenEmpty = '0.00'): string {
  return whole > 0 ? ((part * 100) / whole).toFixed(2) : whenEmpty;
}

/**
 * Change from the previous period to this one in percent, two decimals. From nothing to something
 * is 100.00 (no ratio exists; the figure says it grew), nothing to nothing is 0.00.
 */
export function changeString(current: number, previous: number): string {
  if (previous === 0) return current > 0 ? '100.00' : '0.00';
  return (((current - previous) * 100) / previous).toFixed(2);
}

const USDC_UNITS = 1_000_000n;

/** USDC smallest units (6 decimals) as dollars with two decimals, rounded down as balances are (spec-decisions row 127). */
export function usdcString(units: string): string {
  const value = BigInt(units);
  const sign = value < 0n ? '-' : '';
  const cents = (value < 0n ? -value : value) / (USDC_UNITS / 100n);
  return `${sign}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

export function megabytes(bytes: number): number {
  return round2(bytes / (1024 * 1024));
}
