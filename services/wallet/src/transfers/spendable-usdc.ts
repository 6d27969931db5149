import { Injectable } from '@nestjs/common';
import { WALLET_USDC } from '@platform/chain';
import type { EntityManager } from 'typeorm';
import { getAddress } from 'viem';
import { baseSepolia } from 'viem/chains';
import { UsdcBalances } from '../chain/usdc-balances.js';

/**
 * USDC a wallet can still commit: its balance less what its recorded transfers will take. Callers
 * hold `lock` for the rest of their transaction and record their transfers in it, so two payouts
 * from one wallet (splits, escrows) never both count the same USDC.
 */
@Injectable()
export class SpendableUsdc {
  constructor(private readonly usdc: UsdcBalances) {}

  async lock(manager: EntityManager, wallet: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wallet.spend:${getAddress(wallet)}`]);
  }

  /** Call under `lock` to decide a payout; without it the figure may be taken by one recorded meanwhile. */
  async available(manager: EntityManager, wallet: string): Promise<bigint> {
    return (await this.funds(manager, wallet)).spendable;
  }

  /** The wallet's balance, and what of it is spendable, read at one block. */
  async funds(manager: EntityManager, wallet: string): Promise<{ balance: bigint; spendable: bigint }> {
    const holding = await this.usdc.holding(wallet);
    const reserved = await this.reserved(manager, getAddress(wallet), holding.minedNonce);
    return { balance: holding.balance, spendable: holding.balance > reserved ? holding.balance - reserved : 0n };
  }

  /**
   * USDC the wallet's recorded transfers will still take: those not signed, and those signed with a
   * nonce the balance read does not include yet. One already mined is in the balance, whatever its
   * row says: counting it again would refuse a payout the wallet can make.
   */
  private async reserved(manager: EntityManager, wallet: string, minedNonce: number): Promise<bigint> {
    const [row] = await manager.query(
      `SELECT coalesce(sum(amount), 0)::text AS units FROM wallet.transfers
        WHERE chain_id = $1 AND token = $2 AND from_address = $3
          AND (status = 'planned' OR (status = 'signed' AND nonce >= $4))`,
      [baseSepolia.id, getAddress(WALLET_USDC.address), wallet, minedNonce],
    ) as Array<{ units: string }>;
    return BigInt(row!.units);
  }
}
