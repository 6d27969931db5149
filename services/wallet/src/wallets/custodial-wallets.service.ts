import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError, CreateCustodialWalletDto, CUSTODIAL_NETWORKS, CUSTODIAL_SUPPORTED_CHAINS, ImportCustodialWalletDto, validateAs,
  WALLET_MESSAGES as M, WALLET_NETWORK, type AuthContext,
} from '@platform/contracts';
import { Db, isUniqueViolation } from '@platform/database';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { WalletKeys } from '../keys/wallet-keys.js';
import { WalletEntity } from '../keys/wallet.entity.js';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';

/** The index that gives an email one custodial wallet (migration). */
const ONE_CUSTODIAL_PER_EMAIL = 'wallets_one_custodial_per_email';

/** Custodial wallets of 4.1: made for an email, looked up for the signed-in user, or derived from a key. */
@Injectable()
export class CustodialWallets {
  constructor(@Inject(WALLET_ENV) private readonly env: WalletEnv, private readonly db: Db, private readonly keys: WalletKeys) {}

  info(): { status: 'ok'; type: 'evm_wallet'; supportedChains: typeof CUSTODIAL_SUPPORTED_CHAINS } {
    return { status: 'ok', type: 'evm_wallet', supportedChains: CUSTODIAL_SUPPORTED_CHAINS };
  }

  /** POST /api/wallet/create. The same email again gives the caller's wallet again (docs/spec-decisions.md). */
  async create(user: AuthContext, body: unknown): Promise<object> {
    this.requireProvider();
    const { email } = validateAs(CreateCustodialWalletDto, body);
    const wallet = await this.forEmail(user.userId, email);
    return { success: true, walletAddress: wallet.address, walletId: wallet.id, networks: CUSTODIAL_NETWORKS };
  }

  /** GET /api/wallet/address: the signed-in user's custodial wallet, made for their email on first ask. */
  async address(user: AuthContext | null): Promise<object> {
    if (!user) return { authenticated: false, needsAuth: true, message: M.signInRequired };
    if (!this.env.CUSTODIAL_PROJECT_ID) {
      throw new ApiError(500, M.providerNotConfigured, { authenticated: false, needsAuth: true, setup: M.providerSetup });
    }
    const own = await this.db.withUser(user.userId, (manager) =>
      manager.findOne(WalletEntity, { where: { userId: user.userId, kind: 'custodial' }, order: { createdAt: 'ASC' } }));
    return { authenticated: true, address: (own ?? (await this.forEmail(user.userId, user.email || undefined))).address };
  }

  /**
   * POST /api/wallet/custodial: the address of the given key, or of a new one. 4.1 stores neither,
   * so nothing is written: the key is read, its address derived, and it is gone with this call.
   */
  derive(body: unknown): { success: true; address: string; network: string } {
    const { privateKey } = validateAs(ImportCustodialWalletDto, body);
    const account = privateKeyToAccount((privateKey ?? generatePrivateKey()) as `0x${string}`);
    return { success: true, address: account.address, network: WALLET_NETWORK };
  }

  private requireProvider(): void {
    if (!this.env.CUSTODIAL_PROJECT_ID) throw new ApiError(500, M.providerNotConfigured, { setup: M.providerSetup });
  }

  /**
   * The caller's wallet for the email, made unless it exists. Per user: one account naming an email
   * must not keep its owner, or anyone else, from a wallet of their own for it.
   */
  private async forEmail(userId: string, email: string | undefined): Promise<WalletEntity> {
    try {
      return await this.db.withUser(userId, (manager) => this.keys.create(manager, { userId, kind: 'custodial', email }));
    } catch (error) {
      if (!isUniqueViolation(error, ONE_CUSTODIAL_PER_EMAIL)) throw error;
    }
    return this.db.withUser(userId, (manager) => manager.createQueryBuilder(WalletEntity, 'wallet')
      .where("wallet.user_id = :userId AND wallet.kind = 'custodial' AND lower(wallet.email) = lower(:email)", { userId, email }).getOneOrFail());
  }
}
