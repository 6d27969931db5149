import { Injectable } from '@nestjs/common';
import { ApiError, WALLET_MESSAGES as M, WALLET_NETWORK, type AuthContext } from '@platform/contracts';
import { Db, isUniqueViolation } from '@platform/database';
import { baseSepolia } from 'viem/chains';
import { ChainReads } from '../chain/chain-reads.js';
import { UsdcBalances, usdcText } from '../chain/usdc-balances.js';
import { WalletKeys } from '../keys/wallet-keys.js';
import { WalletEntity } from '../keys/wallet.entity.js';

/** The index that keeps a user to one session wallet, however many creates race (migration). */
const ONE_SESSION_WALLET = 'wallets_one_session_per_user';

/** A user's session wallet (extended-services 2 and 4.1): made here, its key sealed and never shown. */
@Injectable()
export class SessionWallets {
  private readonly node = new ChainReads(baseSepolia.name);

  constructor(private readonly db: Db, private readonly keys: WalletKeys, private readonly usdc: UsdcBalances) {}

  async create(user: AuthContext): Promise<{ address: string; network: string; message: string }> {
    try {
      const wallet = await this.db.withUser(user.userId, (manager) => this.keys.create(manager, { userId: user.userId, kind: 'session' }));
      return { address: wallet.address, network: wallet.network, message: M.walletCreated };
    } catch (error) {
      if (isUniqueViolation(error, ONE_SESSION_WALLET)) throw new ApiError(400, M.walletExists);
      throw error;
    }
  }

  /** `get_seed`: what the wallet is, never its key (4.1). */
  async seed(user: AuthContext): Promise<{ address: string; network: string; createdAt: Date; warning: string }> {
    const wallet = await this.find(user.userId);
    if (!wallet) throw new ApiError(404, M.noWallet);
    return { address: wallet.address, network: wallet.network, createdAt: wallet.createdAt, warning: M.seedWarning };
  }

  /** The Resources view of GET /api/wallet: the wallet with its USDC, or a note that there is none. */
  async view(user: AuthContext): Promise<object> {
    const wallet = await this.find(user.userId);
    if (!wallet) return { address: null, balance: '0', network: WALLET_NETWORK, hasWallet: false, message: M.noWalletYet };
    return { address: wallet.address, balance: usdcText(await this.node.run(() => this.usdc.balanceOf(wallet.address))), network: wallet.network, hasWallet: true, createdAt: wallet.createdAt };
  }

  private find(userId: string): Promise<WalletEntity | null> {
    return this.db.withUser(userId, (manager) => manager.findOneBy(WalletEntity, { userId, kind: 'session' }));
  }
}
