import { usd } from './money.js';

describe('usd', () => {
  it.each([
    [0, '$0.00'],
    [0.0000123, '$0.0000123'],
    [0.004567, '$0.00457'],
    [0.5, '$0.50'],
    [12.345, '$12.35'],
    [1234.5, '$1,234.50'],
  ])('shows %s as %s', (value, expected) => {
    expect(usd(value)).toBe(expected);
  });
});
