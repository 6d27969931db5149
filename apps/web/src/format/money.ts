/**
 * US dollars as the cost pages show them: cents from a cent up, three significant digits
 * below (a chat costs fractions of a cent, which two decimals would show as $0.00).
 */
export function usd(value: number): string {
  const digits = value !== 0 && Math.abs(value) < 0.01 ? { maximumSignificantDigits: 3 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...digits }).format(value);
}
