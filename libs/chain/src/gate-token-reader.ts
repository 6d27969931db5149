import { erc20Abi, type Address } from 'viem';
import type { ChainClients } from './chain-clients.js';
import { readErc20Balance } from './erc20-balance.js';
import { GATE_TOKEN_CHAIN_ID } from './gate-token.js';

/** What an owner holds of the gate token: the raw balance, and the decimals to read it in. */
export interface GateTokenHolding {
  balance: bigint;
  decimals: number;
}

/**
 * The gate token (GATE_TOKEN_ADDRESS on base) as identity's access check and media's stream gate read
 * it; each judges the holding by its own threshold and answers a failed read as its own 503.
 */
export class GateTokenReader {
  /** A token's decimals never change: read once, read again only after a failed read. */
  private decimals?: Promise<number>;

  constructor(private readonly chains: ChainClients, readonly token: Address) {}

  async holding(owner: Address): Promise<GateTokenHolding> {
    const client = this.chains.client(GATE_TOKEN_CHAIN_ID);
    try {
      this.decimals ??= client.readContract({ address: this.token, abi: erc20Abi, functionName: 'decimals' });
      const [decimals, balance] = await Promise.all([this.decimals, readErc20Balance(client, this.token, owner)]);
      return { balance, decimals };
    } catch (error) {
      this.decimals = undefined;
      throw error;
    }
  }
}
