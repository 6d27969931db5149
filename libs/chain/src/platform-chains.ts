import { baseSepolia } from 'viem/chains';
import { ChainClients } from './chain-clients.js';
import { stablecoinChainId } from './chains.js';

/** The chain settings every service that reads a chain has in its env. */
export interface PlatformChainEnv {
  NETWORK_TESTNET: boolean;
  NETWORK_RPC_URL: string;
  BASE_RPC_URL: string;
}

/** The chains the platform reads: the stablecoin network NETWORK_TESTNET picks, and base-sepolia. */
export function platformChainClients(env: PlatformChainEnv): ChainClients {
  return new ChainClients({ [stablecoinChainId(env.NETWORK_TESTNET)]: env.NETWORK_RPC_URL, [baseSepolia.id]: env.BASE_RPC_URL });
}
