import { Injectable, Logger } from '@nestjs/common';
import { WALLET_USDC } from '@platform/chain';
import { insufficientBalanceReason, SPLIT_MESSAGES as M, transferFailedReason, type SplitStatus } from '@platform/contracts';
import { Db } from '@platform/database';
import { baseSepolia } from 'viem/chains';
import type { Address } from 'viem';
import { usdcText } from '../chain/usdc-balances.js';
import { ChainTransfers } from '../transfers/chain-transfers.js';
import { PayoutFailure } from '../transfers/payout-failure.js';
import { SpendableUsdc } from '../transfers/spendable-usdc.js';
import type { TransferEntity } from '../transfers/transfer.entity.js';
import { WalletGas } from '../transfers/wallet-gas.js';
import { SplitEntity } from './split.entity.js';

export const SPLIT_PURPOSE = 'split';

const FINAL = new Set<SplitStatus>(['completed', 'failed']);

/**
 * Pays a split out (docs/wallet.md, Splits): queued → processing once the balance covers it and one
 * transfer per recipient is recorded, in one transaction; then gas, then the transfers in order,
 * each waited for; completed when all are confirmed, failed with the reason when one cannot be made.
 * Running it again at any point (a retry, a worker killed and restarted) goes on from where it was:
 * the recorded transfers are executed again, and ChainTransfers pays each exactly once.
 */
@Injectable()
export class SplitPayout {
  private readonly logger = new Logger(SplitPayout.name);

  constructor(
    private readonly db: Db,
    private readonly transfers: ChainTransfers,
    private readonly spendable: SpendableUsdc,
    private readonly gas: WalletGas,
  ) {}

  /** Throws (TransferPendingError, a node or database error) while the outcome is not known yet: the job is retried. */
  async run(splitId: number): Promise<void> {
    // A job may run before the request that queued it has committed its split: retried until it has.
    const split = await this.db.asSystem((manager) => manager.findOneByOrFail(SplitEntity, { id: splitId }));
    if (FINAL.has(split.status)) return;
    try {
      if (split.status === 'queued') await this.start(split);
      const payments = await this.transfers.ofPurpose(SPLIT_PURPOSE, String(split.id));
      const unpaid = payments.filter((payment) => payment.status !== 'confirmed');
      await this.gas.ensure({ userId: split.userId, address: split.fromAddress, purposeId: `split:${split.id}` }, unpaid.length);
      for (const payment of unpaid) await this.pay(payment);
      await this.end(split, 'completed', null);
    } catch (error) {
      if (!(error instanceof PayoutFailure)) throw error;
      await this.end(split, 'failed', error.message);
    }
  }

  /** Splits neither completed nor failed and unchanged for `olderThanMs`, oldest first: what a sweep pays out again. */
  async unfinished(olderThanMs: number, limit: number): Promise<number[]> {
    const splits = await this.db.asSystem((manager) => manager.createQueryBuilder(SplitEntity, 'split').select('split.id')
      .where('split.status NOT IN (:...final)', { final: [...FINAL] })
      .andWhere('split.updated_at < now() - make_interval(secs => :seconds)', { seconds: olderThanMs / 1000 })
      .orderBy('split.id').limit(limit).getMany());
    return splits.map((split) => split.id);
  }

  /**
   * Checks the balance and records the transfers under a lock on the wallet, counting what its
   * other payouts have recorded and not yet sent as spent: two splits from one wallet never both
   * count the same USDC.
   */
  private start(split: SplitEntity): Promise<void> {
    return this.db.asSystem(async (manager) => {
      await this.spendable.lock(manager, split.fromAddress);
      // A stalled job run twice at once: the second finds the first's transfers and must not count them as spent elsewhere.
      if ((await manager.findOneByOrFail(SplitEntity, { id: split.id })).status !== 'queued') return;
      const available = await this.spendable.available(manager, split.fromAddress);
      if (available < split.totalAmount) throw new PayoutFailure(insufficientBalanceReason(usdcText(available), usdcText(split.totalAmount)));
      for (const [position, recipient] of split.recipients.entries()) {
        await this.transfers.plan(manager, {
          userId: split.userId, chainId: baseSepolia.id, token: WALLET_USDC.address as Address,
          from: split.fromAddress as Address, to: recipient.address as Address, amount: BigInt(recipient.amount),
          purpose: SPLIT_PURPOSE, purposeId: String(split.id), position,
        });
      }
      await manager.update(SplitEntity, { id: split.id, status: 'queued' }, { status: 'processing' });
    });
  }

  private async pay(payment: TransferEntity): Promise<void> {
    const done = await this.transfers.execute(payment.id);
    if (done.status === 'failed') throw new PayoutFailure(transferFailedReason(done.toAddress, done.error));
  }

  /** A failed split's transfers not signed yet are given up, so no sweep sends them later. */
  private end(split: SplitEntity, status: 'completed' | 'failed', reason: string | null): Promise<void> {
    return this.db.asSystem(async (manager) => {
      if (status === 'failed') {
        await this.transfers.cancelPlanned(manager, SPLIT_PURPOSE, String(split.id), M.notSent);
        this.logger.warn({ splitId: split.id, msg: `split failed: ${reason}` });
      }
      await manager.createQueryBuilder().update(SplitEntity).set({ status, reason })
        .where('id = :id AND status NOT IN (:...final)', { id: split.id, final: [...FINAL] }).execute();
    });
  }
}
