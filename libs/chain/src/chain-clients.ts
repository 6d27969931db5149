import { createPublicClient, http, type PublicClient } from 'viem';
import { CHAINS, type ChainId } from './chains.js';

/** RPC URL per chain id; a chain without one cannot be read. */
export type RpcUrls = Partial<Record<ChainId, string>>;

/** One viem public client per configured chain, made on first use and kept. */
export class ChainClients {
  private readonly clients = new Map<ChainId, PublicClient>();

  constructor(private readonly rpcUrls: RpcUrls) {}

  has(chainId: ChainId): boolean {
    return Boolean(this.rpcUrls[chainId]);
  }

  client(chainId: ChainId): PublicClient {
    const known = this.clients.get(chainId);
    if (known) return known;
    const url = this.rpcUrls[chainId];
    if (!url) throw new Error(`No RPC URL configured for chain ${chainId}`);
    const client = createPublicClient({ chain: CHAINS[chainId], transport: http(url, { retryCount: 0, timeout: 10_000 }) }) as PublicClient;
    this.clients.set(chainId, client);
    return client;
  }
}
