import { formatAmount } from './format-amount.js';

describe('formatAmount', () => {
  it.each([
    [2900, 'gbp', '£29.00'],
    [1250, 'usd', 'US$12.50'],
    [500, 'jpy', 'JP¥500'],
    [0, 'eur', '€0.00'],
  ])('shows %d %s as %s', (amount, currency, shown) => {
    expect(formatAmount(amount, currency)).toBe(shown);
  });
});
