import { Inject, Injectable } from '@nestjs/common';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import type { EntityManager } from 'typeorm';
import { getAddress, type Address, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { WALLET_NETWORK } from '@platform/contracts';
import { Db } from '@platform/database';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import { WalletEntity, type WalletKind } from './wallet.entity.js';

export interface NewWallet {
  userId: string;
  kind: WalletKind;
  agentId?: string;
  email?: string;
}

/** A sealed key opens only for the address it was made for: copied to another row it does not open. */
export const sealContext = (address: string) => `wallet:${address.toLowerCase()}`;

/**
 * The keys of the wallets the platform holds. A key is made here, sealed at once (AES-256-GCM,
 * envelope, libs/secrets) and opened only to sign; no method returns or logs one.
 */
@Injectable()
export class WalletKeys {
  private readonly box: SecretBox;
  /** Pays top-up credits and agent wallets' gas; null when WALLET_TREASURY_KEY is not set. */
  readonly treasury: LocalAccount | null;

  constructor(@Inject(WALLET_ENV) env: WalletEnv, private readonly db: Db) {
    this.box = secretBoxFromKey(env.SECRETS_KEY);
    this.treasury = env.WALLET_TREASURY_KEY ? privateKeyToAccount(env.WALLET_TREASURY_KEY as `0x${string}`) : null;
  }

  /** A new wallet with a key made here, stored sealed in the caller's transaction. */
  async create(manager: EntityManager, wallet: NewWallet): Promise<WalletEntity> {
    const privateKey = generatePrivateKey();
    const address = privateKeyToAccount(privateKey).address;
    const row = manager.create(WalletEntity, {
      userId: wallet.userId,
      kind: wallet.kind,
      address,
      sealedKey: await this.box.seal(privateKey, sealContext(address)),
      agentId: wallet.agentId ?? null,
      email: wallet.email ?? null,
      network: WALLET_NETWORK,
    });
    return manager.save(row);
  }

  /** The account that signs for `address`: the treasury, or a wallet the platform holds; null for any other. */
  async signer(address: string): Promise<LocalAccount | null> {
    const wanted: Address = getAddress(address);
    if (this.treasury?.address === wanted) return this.treasury;
    const row = await this.db.asSystem((manager) => manager.createQueryBuilder(WalletEntity, 'wallet')
      .addSelect('wallet.sealedKey').where('wallet.address = :address', { address: wanted }).getOne());
    if (!row) return null;
    return privateKeyToAccount(await this.box.open(row.sealedKey, sealContext(wanted)) as `0x${string}`);
  }
}
