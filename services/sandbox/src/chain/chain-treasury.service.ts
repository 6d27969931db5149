import { Injectable } from '@nestjs/common';
import { MULTICALL3_ADDRESS } from '@platform/chain';
import { parseAbi, type Address, type Hex } from 'viem';
import { ChainNodes } from './chain-nodes.service.js';
import { SANDBOX_CHAINS } from './sandbox-chains.js';
import { TREASURY } from './treasury.js';

/** What the treasury holds on one chain, in smallest units: wei, and each placed token by symbol. */
export interface TreasuryBalances {
  native: string;
  tokens: Record<string, string>;
}

export interface TreasuryView {
  address: Address;
  privateKey: Hex;
  chains: Record<number, TreasuryBalances>;
}

/** Multicall3's own native-balance read beside ERC-20's, so one multicall reads both. */
const balanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function getEthBalance(address) view returns (uint256)']);

/** The treasury's account and what it holds now on every sandbox chain (one eth_call per chain). */
@Injectable()
export class ChainTreasury {
  constructor(private readonly nodes: ChainNodes) {}

  async view(): Promise<TreasuryView> {
    const chains = await Promise.all(SANDBOX_CHAINS.map(async ({ chainId, tokens }) => [chainId, await this.balances(chainId, tokens)] as const));
    return { ...TREASURY, chains: Object.fromEntries(chains) };
  }

  private async balances(chainId: number, tokens: ReadonlyArray<{ address: Address; symbol: string }>): Promise<TreasuryBalances> {
    const reads: Array<{ address: Address; functionName: 'getEthBalance' | 'balanceOf' }> = [
      { address: MULTICALL3_ADDRESS, functionName: 'getEthBalance' },
      ...tokens.map(({ address }) => ({ address, functionName: 'balanceOf' as const })),
    ];
    const [native, ...held] = await this.nodes.client(chainId).multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: false,
      contracts: reads.map(({ address, functionName }) => ({ address, abi: balanceAbi, functionName, args: [TREASURY.address] })),
    });
    return { native: native.toString(), tokens: Object.fromEntries(tokens.map(({ symbol }, i) => [symbol, held[i]!.toString()])) };
  }
}
