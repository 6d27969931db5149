import { Inject, Injectable } from '@nestjs/common';
import { ChainClients, CHAINS, STABLECOINS, stablecoinChainId, type ChainId } from '@platform/chain';
import { erc20Abi, type Address, type Chain } from 'viem';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';

/** The 11 stablecoins' balances on the network NETWORK_TESTNET picks. */
@Injectable()
export class StablecoinBalances {
  private readonly chainId: ChainId;

  constructor(@Inject(WALLET_ENV) env: WalletEnv, private readonly chains: ChainClients) {
    this.chainId = stablecoinChainId(env.NETWORK_TESTNET);
  }

  get chain(): Chain {
    return CHAINS[this.chainId];
  }

  /** Raw balances in STABLECOINS' order, all in one eth_call to Multicall3; any failed read fails them all. */
  read(owner: Address): Promise<bigint[]> {
    return this.chains.client(this.chainId).multicall({
      contracts: STABLECOINS.map((token) => ({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) as const),
      allowFailure: false,
      // viem splits calldata over 1 KB into several eth_calls by default; 11 reads are about 2 KB.
      batchSize: 0,
    }) as Promise<bigint[]>;
  }
}
