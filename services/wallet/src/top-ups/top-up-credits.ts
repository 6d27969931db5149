import { Injectable } from '@nestjs/common';
import { WALLET_USDC } from '@platform/chain';
import type { WalletTopUpPaidEvent } from '@platform/contracts';
import { Db } from '@platform/database';
import { IsNull, type EntityManager } from 'typeorm';
import { getAddress, type Address } from 'viem';
import { baseSepolia } from 'viem/chains';
import { WalletKeys } from '../keys/wallet-keys.js';
import { ChainTransfers } from '../transfers/chain-transfers.js';
import { TransfersWorker } from '../transfers/transfers.worker.js';
import { callsOf, usdcUnitsOf } from './top-up-amounts.js';
import { TopUpEntity } from './top-up.entity.js';

/**
 * A paid top-up is credited once per checkout session, however many events carry it: the ledger
 * row (the agent calls it buys) and the treasury's USDC transfer to the wallet are recorded in one
 * transaction, then ChainTransfers puts the transfer on chain exactly once (docs/wallet.md).
 */
@Injectable()
export class TopUpCredits {
  constructor(
    private readonly db: Db,
    private readonly keys: WalletKeys,
    private readonly transfers: ChainTransfers,
    private readonly worker: TransfersWorker,
  ) {}

  async credit(event: WalletTopUpPaidEvent): Promise<void> {
    const transferId = await this.db.asSystem(async (manager) => {
      await manager.createQueryBuilder().insert().into(TopUpEntity).values({
        sessionId: event.sessionId,
        walletAddress: getAddress(event.walletAddress),
        amountCents: event.amountCents,
        calls: callsOf(event.amountCents),
        paidAt: new Date(event.occurredAt),
      }).orIgnore().updateEntity(false).execute();
      return this.pay(manager, event.sessionId);
    });
    // A duplicate queues the transfer already planned again: a no-op, or the job a crash before this line lost.
    if (transferId) await this.worker.enqueue(transferId);
  }

  /**
   * Top-ups recorded while no treasury was configured: planned and queued now that one is, each in
   * a transaction of its own. Answers how many were planned.
   */
  async payWaiting(): Promise<number> {
    if (!this.keys.treasury) return 0;
    const waiting = await this.db.asSystem((manager) => manager.find(TopUpEntity, { where: { transferId: IsNull() }, order: { createdAt: 'ASC' } }));
    for (const { sessionId } of waiting) {
      const transferId = await this.db.asSystem((manager) => this.pay(manager, sessionId));
      if (transferId) await this.worker.enqueue(transferId);
    }
    return waiting.length;
  }

  /** The top-up's transfer, planned from the treasury under a lock on its row; null while there is no treasury. */
  private async pay(manager: EntityManager, sessionId: string): Promise<string | null> {
    const topUp = await manager.findOneOrFail(TopUpEntity, { where: { sessionId }, lock: { mode: 'pessimistic_write' } });
    const treasury = this.keys.treasury;
    if (topUp.transferId || !treasury) return topUp.transferId;
    const transfer = await this.transfers.plan(manager, {
      userId: null,
      chainId: baseSepolia.id,
      token: WALLET_USDC.address as Address,
      from: treasury.address,
      to: topUp.walletAddress as Address,
      amount: usdcUnitsOf(topUp.amountCents),
      purpose: 'top_up',
      purposeId: sessionId,
    });
    await manager.update(TopUpEntity, { sessionId }, { transferId: transfer.id });
    return transfer.id;
  }
}
