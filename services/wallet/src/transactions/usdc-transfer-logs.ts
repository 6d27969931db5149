import { Inject, Injectable } from '@nestjs/common';
import { ChainClients, WALLET_USDC } from '@platform/chain';
import { getAddress, parseAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { baseSepolia } from 'viem/chains';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const USDC = getAddress(WALLET_USDC.address);

/** The newest transfers of one address kept, at most: what a page of history can reach, and a bound on block reads. */
const MAX_TRANSFERS = 1000;

/** Blocks whose time is remembered: a block's time never changes, and pages of one history read the same ones. */
const BLOCK_TIME_CACHE = 10_000;

/** One USDC `Transfer` log to or from the address. */
export interface UsdcTransferLog {
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  from: Address;
  to: Address;
  /** Smallest units (6 decimals). */
  value: bigint;
  /** When its block was made. */
  at: Date;
}

/**
 * USDC transfers of an address on base-sepolia, read from the chain's logs over the latest
 * WALLET_HISTORY_BLOCKS blocks (a bound every RPC provider's eth_getLogs accepts; docs/wallet.md).
 */
@Injectable()
export class UsdcTransferLogs {
  private readonly blockTimes = new Map<bigint, Date>();

  constructor(private readonly chains: ChainClients, @Inject(WALLET_ENV) private readonly env: WalletEnv) {}

  async of(address: Address): Promise<UsdcTransferLog[]> {
    const client = this.chains.client(baseSepolia.id);
    const latest = await client.getBlockNumber();
    const window = BigInt(this.env.WALLET_HISTORY_BLOCKS);
    const fromBlock = latest >= window ? latest - window + 1n : 0n;
    const read = (args: { from: Address } | { to: Address }) =>
      client.getLogs({ address: USDC, event: TRANSFER, args, fromBlock, toBlock: latest, strict: true });
    const [sent, received] = await Promise.all([read({ from: address }), read({ to: address })]);
    // A transfer to itself is in both reads: one entry.
    const unique = new Map([...sent, ...received].map((log) => [`${log.transactionHash}:${log.logIndex}`, log]));
    const newest = [...unique.values()]
      .sort((a, b) => Number(b.blockNumber - a.blockNumber) || b.logIndex - a.logIndex)
      .slice(0, MAX_TRANSFERS);
    const times = await this.timesOf(client, newest.map((log) => log.blockNumber));
    return newest.map((log) => ({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      from: getAddress(log.args.from),
      to: getAddress(log.args.to),
      value: log.args.value,
      at: times.get(log.blockNumber)!,
    }));
  }

  private async timesOf(client: PublicClient, blocks: bigint[]): Promise<Map<bigint, Date>> {
    const times = new Map<bigint, Date>();
    const missing: bigint[] = [];
    for (const block of new Set(blocks)) {
      const known = this.blockTimes.get(block);
      if (known) times.set(block, known);
      else missing.push(block);
    }
    await Promise.all(missing.map(async (blockNumber) => {
      const at = new Date(Number((await client.getBlock({ blockNumber })).timestamp) * 1000);
      times.set(blockNumber, at);
      this.remember(blockNumber, at);
    }));
    return times;
  }

  private remember(block: bigint, at: Date): void {
    if (this.blockTimes.size >= BLOCK_TIME_CACHE) this.blockTimes.delete(this.blockTimes.keys().next().value!);
    this.blockTimes.set(block, at);
  }
}
