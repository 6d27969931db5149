/** An amount in minor units as a shopper reads it: 3900 gbp is "£39.00", 500 jpy is "¥500". */
export function formatAmount(minorUnits: number, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
