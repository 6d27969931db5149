import { describe, expect, it } from '@jest/globals';
import { STABLECOINS, stablecoinMainnet, stablecoinTestnet, type TokenInfo } from '@platform/chain';
import { totalUsd, walletBalances } from './wallet-balances.js';

const OWNER = '0x1111111111111111111111111111111111111111';
const none = STABLECOINS.map(() => 0n);
const withBalances = (entries: Record<number, bigint>) => STABLECOINS.map((_, index) => entries[index] ?? 0n);

describe('totalUsd', () => {
  it.each([
    [[0n, 0n], '0.00'],
    [[12_500_000n, 0n], '12.50'],
    [[1n, 0n], '0.00'],
    [[9_999n, 1n], '0.01'],
    [[1_239_999n, 0n], '1.23'],
    [[123_456_789_000_000n, 543_210_000n], '123457332.21'],
  ])('%p (6 decimals each) is %s, rounded down to the cent', (balances, expected) => {
    expect(totalUsd(STABLECOINS.slice(0, 2), balances)).toBe(expected);
  });

  it('adds tokens of different precisions exactly', () => {
    const tokens: TokenInfo[] = [{ ...STABLECOINS[0]!, decimals: 6 }, { ...STABLECOINS[1]!, decimals: 18 }];
    expect(totalUsd(tokens, [1_100_000n, 900_000_000_000_000_000n])).toBe('2.00');
  });
});

describe('walletBalances', () => {
  it('names the testnet with its suffix and lists only funded tokens, the first funded in spec order as primary', () => {
    const sut = walletBalances(OWNER, stablecoinTestnet, STABLECOINS, withBalances({ 4: 2_000_000n, 1: 12_500_000n }));
    expect(sut).toEqual({
      address: OWNER,
      chain: 'Stablecoin Network Testnet',
      chainId: 42431,
      testnet: true,
      totalUsd: '14.50',
      primaryToken: { address: STABLECOINS[1]!.address, name: 'alphaUSD', symbol: 'alphaUSD', decimals: 6, balance: '12.5' },
      allTokens: [
        { address: STABLECOINS[1]!.address, name: 'alphaUSD', symbol: 'alphaUSD', balance: '12.5' },
        { address: STABLECOINS[4]!.address, name: 'USDC.e', symbol: 'USDC.e', balance: '2' },
      ],
    });
  });

  it('with nothing funded: the first token\'s metadata at balance 0, no tokens listed', () => {
    const sut = walletBalances(OWNER, stablecoinMainnet, STABLECOINS, none);
    expect(sut).toMatchObject({ chain: 'Stablecoin Network', chainId: 4217, testnet: false, totalUsd: '0.00', allTokens: [] });
    expect(sut.primaryToken).toEqual({ address: STABLECOINS[0]!.address, name: 'pathUSD', symbol: 'pathUSD', decimals: 6, balance: '0' });
  });
});
