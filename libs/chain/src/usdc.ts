import { base, baseSepolia } from 'viem/chains';
import type { TokenInfo } from './stablecoins.js';

/** A token with EIP-3009 `transferWithAuthorization`, whose EIP-712 domain is its name and this version. */
export interface Eip3009TokenInfo extends TokenInfo {
  eip712Version: string;
}

/** Circle's USDC on base, and on base-sepolia (where the sandbox places its own at the same address). */
export const USDC = {
  [base.id]: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', symbol: 'USDC', decimals: 6, eip712Version: '2' },
  [baseSepolia.id]: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', symbol: 'USDC', decimals: 6, eip712Version: '2' },
} as const satisfies Record<number, Eip3009TokenInfo>;

export type UsdcChainId = keyof typeof USDC;

/**
 * USDC on base-sepolia, where the wallets the platform holds keep it (agent and escrow wallets,
 * extended-services 2): the wallet service pays in it, and the skills count their amounts in its units.
 */
export const WALLET_USDC = USDC[baseSepolia.id];

/** USDC on `chainId`, or undefined where the platform knows none. */
export function usdcOn(chainId: number): Eip3009TokenInfo | undefined {
  return Object.hasOwn(USDC, chainId) ? USDC[chainId as UsdcChainId] : undefined;
}
