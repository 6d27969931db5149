import { GATE_TOKEN_CHAIN_ID, SANDBOX_GATE_TOKEN, STABLECOINS, stablecoinTestnet, type TokenInfo } from '@platform/chain';
import type { Address } from 'viem';

/** The chains the sandbox runs, each an anvil node, and the tokens placed on each at boot. */
export const SANDBOX_CHAINS: ReadonlyArray<{ chainId: number; tokens: readonly TokenInfo[] }> = [
  { chainId: stablecoinTestnet.id, tokens: STABLECOINS },
  { chainId: GATE_TOKEN_CHAIN_ID, tokens: [SANDBOX_GATE_TOKEN] },
];

/**
 * Where the smart-wallet factory sits on every sandbox chain. Fixed, so a wallet's CREATE2 address
 * (and an ERC-6492 signature's deployment call) is the same on every run.
 */
export const SMART_WALLET_FACTORY: Address = '0x5a11e7000000000000000000000000000000fac7';
