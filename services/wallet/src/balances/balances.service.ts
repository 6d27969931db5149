import { Inject, Injectable } from '@nestjs/common';
import { STABLECOINS } from '@platform/chain';
import { ApiError, EVM_ADDRESS, WALLET_MESSAGES as M } from '@platform/contracts';
import { ExpiringReads } from '@platform/http';
import type { Address } from 'viem';
import { ChainReads } from '../chain/chain-reads.js';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import { StablecoinBalances } from './stablecoin-balances.js';
import { walletBalances, type WalletBalances } from './wallet-balances.js';

/** Addresses whose balances are held at once; a page polling a few wallets needs far fewer. */
const CACHED_ADDRESSES = 10_000;

/** GET /api/wallet?address= (4.1): every balance in one read, kept briefly per address. */
@Injectable()
export class BalancesService {
  private readonly reads: ExpiringReads<bigint[]>;
  private readonly node: ChainReads;

  constructor(@Inject(WALLET_ENV) env: WalletEnv, private readonly stablecoins: StablecoinBalances) {
    this.reads = new ExpiringReads(env.WALLET_BALANCE_CACHE_MS, CACHED_ADDRESSES);
    this.node = new ChainReads(stablecoins.chain.name);
  }

  async of(address: string): Promise<WalletBalances> {
    if (!address) throw new ApiError(400, M.addressRequired);
    if (!EVM_ADDRESS.test(address)) throw new ApiError(400, M.invalidAddress);
    const owner = address.toLowerCase() as Address;
    const balances = await this.reads.get(owner, () => this.node.run(() => this.stablecoins.read(owner)));
    return walletBalances(address, this.stablecoins.chain, STABLECOINS, balances);
  }
}
