import type { Address } from 'viem';

export interface TokenInfo {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
}

/** The spec lists symbols only; a token's name is its symbol. */
const stablecoin = (symbol: string, address: Address): TokenInfo => ({ address, name: symbol, symbol, decimals: 6 });

/** The 11 stablecoins of extended-services 4.1, in the spec's order (the first funded one is primary). */
export const STABLECOINS: readonly TokenInfo[] = [
  stablecoin('pathUSD', '0x20c0000000000000000000000000000000000000'),
  stablecoin('alphaUSD', '0x20c0000000000000000000000000000000000001'),
  stablecoin('betaUSD', '0x20c0000000000000000000000000000000000002'),
  stablecoin('thetaUSD', '0x20c0000000000000000000000000000000000003'),
  stablecoin('USDC.e', '0x20c000000000000000000000b9537d11c60e8b50'),
  stablecoin('EURC.e', '0x20c0000000000000000000001621e21f71cf12fb'),
  stablecoin('USDT0', '0x20c00000000000000000000014f22ca97301eb73'),
  stablecoin('frxUSD', '0x20c0000000000000000000003554d28269e0f3c2'),
  stablecoin('cUSD', '0x20c0000000000000000000000520792dcccccccc'),
  stablecoin('stcUSD', '0x20c0000000000000000000008ee4fcff88888888'),
  stablecoin('GUSD', '0x20c0000000000000000000005c0bac7cef389a11'),
];
