import { payoutAmounts, shareInHundredths } from './payout-amounts.js';

describe('payoutAmounts', () => {
  it.each([
    ['10.000001 USDC over 33.33/33.33/33.34: the unit left over goes to the largest share', 10_000_001n, [3333, 3333, 3334], [3_333_000n, 3_333_000n, 3_334_001n]],
    ['1 USDC over 33.33/33.33/33.34 divides exactly', 1_000_000n, [3333, 3333, 3334], [333_300n, 333_300n, 333_400n]],
    ['an even split leaves nothing over', 100n, [5000, 5000], [50n, 50n]],
    ['one recipient gets everything', 7n, [10_000], [7n]],
    ['a tie for the largest share: the first of them', 5n, [2500, 3750, 3750], [1n, 3n, 1n]],
  ])('%s', (_case, total, hundredths, expected) => {
    const amounts = payoutAmounts(total, hundredths);

    expect(amounts).toEqual(expected);
    expect(amounts.reduce((sum, amount) => sum + amount, 0n)).toBe(total);
  });
});

describe('shareInHundredths', () => {
  it.each([[33.33, 3333], [0.01, 1], [100, 10_000], [14.2, 1420], [57.07, 5707]])('%d%% is %d hundredths', (share, hundredths) => {
    expect(shareInHundredths(share)).toBe(hundredths);
  });
});
