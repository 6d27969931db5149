import { formatUnits, type Chain } from 'viem';
import type { TokenInfo } from '@platform/chain';

export interface FundedToken {
  address: string;
  name: string;
  symbol: string;
  balance: string;
}

/** GET /api/wallet?address= (extended-services 4.1). */
export interface WalletBalances {
  address: string;
  chain: string;
  chainId: number;
  testnet: boolean;
  totalUsd: string;
  primaryToken: FundedToken & { decimals: number };
  allTokens: FundedToken[];
}

const CENTS_PER_USD = 100n;

/**
 * The sum of the balances in US dollars, each token being one dollar, with two decimals. Exact:
 * bigint arithmetic at the largest token precision, rounded down to the cent, so the total never
 * shows more than the wallet holds.
 */
export function totalUsd(tokens: readonly TokenInfo[], balances: readonly bigint[]): string {
  const decimals = Math.max(0, ...tokens.map((token) => token.decimals));
  const scaled = tokens.reduce((sum, token, index) => sum + balances[index]! * 10n ** BigInt(decimals - token.decimals), 0n);
  const cents = (scaled * CENTS_PER_USD) / 10n ** BigInt(decimals);
  return `${cents / CENTS_PER_USD}.${String(cents % CENTS_PER_USD).padStart(2, '0')}`;
}

/** The 4.1 answer for `address` from the raw balances of `tokens`, read in that order. */
export function walletBalances(address: string, chain: Chain, tokens: readonly TokenInfo[], balances: readonly bigint[]): WalletBalances {
  const funded = tokens.flatMap((token, index) => (balances[index]! > 0n ? [{ token, balance: formatUnits(balances[index]!, token.decimals) }] : []));
  const primary = funded[0] ?? { token: tokens[0]!, balance: '0' };
  const { address: tokenAddress, name, symbol, decimals } = primary.token;
  return {
    address,
    chain: chain.name,
    chainId: chain.id,
    testnet: chain.testnet === true,
    totalUsd: totalUsd(tokens, balances),
    primaryToken: { address: tokenAddress, name, symbol, decimals, balance: primary.balance },
    allTokens: funded.map(({ token, balance }) => ({ address: token.address, name: token.name, symbol: token.symbol, balance })),
  };
}
