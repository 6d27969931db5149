import { GATE_TOKEN_CHAIN_ID, SANDBOX_GATE_TOKEN, STABLECOINS, stablecoinTestnet, USDC, type TokenInfo } from '@platform/chain';
import type { Address, Hex } from 'viem';
import { baseSepolia } from 'viem/chains';
import { SandboxToken, SandboxUsdc } from './contracts.generated.js';

/** A token the sandbox places at boot: its metadata, the code it runs, and what the treasury holds of it. */
export interface PlacedToken extends TokenInfo {
  code: Hex;
  /** Token units minted to the treasury at boot; none when absent. */
  treasuryHolds?: string;
}

const erc20 = (token: TokenInfo): PlacedToken => ({ ...token, code: SandboxToken.deployedBytecode });

/** The chains the sandbox runs, each an anvil node, and the tokens placed on each at boot. */
export const SANDBOX_CHAINS: ReadonlyArray<{ chainId: number; tokens: readonly PlacedToken[] }> = [
  { chainId: stablecoinTestnet.id, tokens: STABLECOINS.map(erc20) },
  {
    chainId: GATE_TOKEN_CHAIN_ID,
    tokens: [erc20(SANDBOX_GATE_TOKEN), { ...USDC[baseSepolia.id], code: SandboxUsdc.deployedBytecode, treasuryHolds: '1000000' }],
  },
];

/**
 * Where the smart-wallet factory sits on every sandbox chain. Fixed, so a wallet's CREATE2 address
 * (and an ERC-6492 signature's deployment call) is the same on every run.
 */
export const SMART_WALLET_FACTORY: Address = '0x5a11e7000000000000000000000000000000fac7';
