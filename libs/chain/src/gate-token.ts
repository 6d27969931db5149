import { baseSepolia } from 'viem/chains';
import type { TokenInfo } from './stablecoins.js';

/**
 * The token whose holders pass gate-token access checks (platform-core 4.4), on base-sepolia. The
 * address is the sandbox's (its node places the token there); a deployment names the real one in
 * GATE_TOKEN_ADDRESS.
 */
export const SANDBOX_GATE_TOKEN: TokenInfo = {
  address: '0x6a7e000000000000000000000000000000000001',
  name: 'Gate Token',
  symbol: 'GATE',
  decimals: 18,
};

export const GATE_TOKEN_CHAIN_ID = baseSepolia.id;
