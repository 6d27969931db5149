import { payoutAmounts, shareInHundredths, splitSharesProblem } from './payout-amounts.js';

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

describe('splitSharesProblem', () => {
  const [payer, first, second] = [`0x${'aB'.repeat(20)}`, `0x${'11'.repeat(20)}`, `0x${'cD'.repeat(20)}`];

  it.each([
    ['shares making exactly 100 to distinct addresses', payer, [{ address: first, hundredths: 3333 }, { address: second, hundredths: 6667 }], null],
    ['shares making 99.99', payer, [{ address: first, hundredths: 3333 }, { address: second, hundredths: 6666 }], 'sharesSum'],
    ['shares making more than 100', payer, [{ address: first, hundredths: 6000 }, { address: second, hundredths: 6000 }], 'sharesSum'],
    ['an address twice, in another casing', payer, [{ address: second, hundredths: 5000 }, { address: second.toLowerCase(), hundredths: 5000 }], 'recipientsNotDistinct'],
    ['the paying wallet, in another casing', payer, [{ address: payer.toLowerCase(), hundredths: 10_000 }], 'recipientIsSender'],
    ['any distinct addresses while no wallet pays yet', null, [{ address: payer, hundredths: 10_000 }], null],
  ])('%s', (_case, from, shares, problem) => {
    expect(splitSharesProblem(from, shares)).toBe(problem);
  });
});
