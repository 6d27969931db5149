import { Inject, Injectable } from '@nestjs/common';
import { ApiError, WALLET_MESSAGES as M } from '@platform/contracts';
import { Db } from '@platform/database';
import type { LocalAccount } from 'viem';
import { WalletKeys } from '../keys/wallet-keys.js';
import { WalletEntity } from '../keys/wallet.entity.js';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';

/** Owner of the wallets the platform holds for itself: no user has this id, so none sees them. */
export const PLATFORM_OWNER = '00000000-0000-0000-0000-000000000000';

/** Taken for the transaction that finds or makes the wallet, so replicas asking at once make one. */
const AGENTIC_WALLET_LOCK = 'wallet.agentic';

/**
 * The platform's agentic wallet (4.1's `agenticWallet`, x402_payments): a custodial wallet the
 * platform holds for the custodial provider's project, made on first use, its key sealed like any other.
 */
@Injectable()
export class AgenticWallet {
  constructor(@Inject(WALLET_ENV) private readonly env: WalletEnv, private readonly db: Db, private readonly keys: WalletKeys) {}

  async signer(): Promise<LocalAccount> {
    if (!this.env.CUSTODIAL_PROJECT_ID) throw new ApiError(500, M.providerNotConfigured);
    const address = await this.db.asSystem(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [AGENTIC_WALLET_LOCK]);
      const held = await manager.findOne(WalletEntity, { where: { userId: PLATFORM_OWNER, kind: 'custodial' }, order: { createdAt: 'ASC' } });
      return (held ?? (await this.keys.create(manager, { userId: PLATFORM_OWNER, kind: 'custodial' }))).address;
    });
    const signer = await this.keys.signer(address);
    if (!signer) throw new Error(`The agentic wallet ${address} has no key`);
    return signer;
  }
}
