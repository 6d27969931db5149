import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { PeriodicSweep, QueueFactory } from '@platform/queue';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import { ChainTransfers } from './chain-transfers.js';

/** Transfers one sweep executes again, at most: a backlog is worked off over several sweeps. */
const SWEEP_BATCH = 50;

/**
 * The `wallet.transfers` job puts one recorded transfer on chain; BullMQ retries it while it is
 * pending. A transfer outlives its job: every WALLET_SWEEP_INTERVAL_MS the worker executes again
 * whatever is still unfinished (a job that gave up during a long outage, a job lost with Redis),
 * so a recorded transfer is never lost. Executing twice is safe (ChainTransfers).
 */
@Injectable()
export class TransfersWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly sweeps: PeriodicSweep<string>;

  constructor(
    private readonly queues: QueueFactory,
    private readonly transfers: ChainTransfers,
    @Inject(WALLET_ENV) private readonly env: WalletEnv,
  ) {
    this.sweeps = new PeriodicSweep('transfer', new Logger(TransfersWorker.name),
      async () => (await transfers.unfinished(env.WALLET_SWEEP_INTERVAL_MS, SWEEP_BATCH)).map((transfer) => transfer.id),
      (transferId) => transfers.execute(transferId));
  }

  /** Queues the transfer's execution; its id is the job's, so queuing it twice runs it once. */
  enqueue(transferId: string): Promise<void> {
    return this.queues.add(QUEUES.walletTransfers, { transferId }, transferId);
  }

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.walletTransfers, async ({ transferId }) => {
      await this.transfers.execute(transferId);
    });
    this.sweeps.start(this.env.WALLET_SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    this.sweeps.stop();
  }
}
