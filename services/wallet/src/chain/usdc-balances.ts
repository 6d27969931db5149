import { Injectable } from '@nestjs/common';
import { ChainClients, readErc20Balance, WALLET_USDC } from '@platform/chain';
import { erc20Abi, formatUnits, getAddress, type Address } from 'viem';
import { baseSepolia } from 'viem/chains';

/** USDC units as the decimal string people read: 10000001 → "10.000001". */
export const usdcText = (units: bigint): string => formatUnits(units, WALLET_USDC.decimals);

/** Reads agent wallets' USDC on base-sepolia. */
@Injectable()
export class UsdcBalances {
  constructor(private readonly chains: ChainClients) {}

  /** Smallest units. */
  balanceOf(owner: string): Promise<bigint> {
    return readErc20Balance(this.chains.client(baseSepolia.id), WALLET_USDC.address as Address, getAddress(owner));
  }

  /**
   * The balance and how many of the owner's transactions it includes (its mined nonce), read at one
   * block: a transaction of the owner with a lower nonce is already in the balance, any other is not.
   */
  async holding(owner: string): Promise<UsdcHolding> {
    const client = this.chains.client(baseSepolia.id);
    const address = getAddress(owner);
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const [balance, minedNonce] = await Promise.all([
      client.readContract({ address: WALLET_USDC.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address], blockNumber }),
      client.getTransactionCount({ address, blockNumber }),
    ]);
    return { balance, minedNonce };
  }
}

export interface UsdcHolding {
  /** Smallest units. */
  balance: bigint;
  minedNonce: number;
}
