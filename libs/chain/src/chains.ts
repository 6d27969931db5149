import { defineChain, type Address, type Chain } from 'viem';
import { base, baseSepolia } from 'viem/chains';

/** Where Multicall3 sits on every chain the platform reads (viem's base definitions declare it too). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * The stablecoin network (extended-services 2). viem ships its own definitions of these ids, but
 * with the network's transaction formatters and a verifyHash that reads its precompiles; the
 * platform only reads ERC-20 balances and verifies ERC-1271/6492 signatures, which are plain EVM,
 * so plain definitions behave the same on the network and on the sandbox's node. Both networks have
 * Multicall3 at its canonical address, so `client.multicall` reads many balances in one eth_call.
 */
export const stablecoinMainnet = defineChain({
  id: 4217,
  name: 'Stablecoin Network',
  nativeCurrency: { name: 'USD', symbol: 'USD', decimals: 6 },
  rpcUrls: { default: { http: ['https://rpc.tempo.xyz'] } },
  contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
});

export const stablecoinTestnet = defineChain({
  id: 42431,
  name: 'Stablecoin Network Testnet',
  nativeCurrency: { name: 'USD', symbol: 'USD', decimals: 6 },
  rpcUrls: { default: { http: ['https://rpc.moderato.tempo.xyz'] } },
  contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  testnet: true,
});

export const CHAINS = {
  [stablecoinMainnet.id]: stablecoinMainnet,
  [stablecoinTestnet.id]: stablecoinTestnet,
  [base.id]: base,
  [baseSepolia.id]: baseSepolia,
} as const satisfies Record<number, Chain>;

export type ChainId = keyof typeof CHAINS;

export function isChainId(id: number): id is ChainId {
  return Object.hasOwn(CHAINS, id);
}

/** NETWORK_TESTNET picks the stablecoin network's testnet (42431) over its mainnet (4217). */
export function stablecoinChainId(testnet: boolean): ChainId {
  return testnet ? stablecoinTestnet.id : stablecoinMainnet.id;
}
