import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { PeriodicSweep, QueueFactory } from '@platform/queue';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import { SplitPayout } from './split-payout.js';

/** A job killed with its worker comes back this many times before BullMQ gives up on it. */
const MAX_STALLED_COUNT = 5;

/** Splits one sweep pays out again, at most: a backlog is worked off over several sweeps. */
const SWEEP_BATCH = 20;

/**
 * The `wallet.splits` job pays one split out; BullMQ retries it while a transfer is pending. A split
 * outlives its job: every WALLET_SWEEP_INTERVAL_MS the worker pays out again the splits left
 * unfinished that long (a job given up after an outage, a job lost with Redis). Paying one split
 * out twice at once is safe (SplitPayout).
 */
@Injectable()
export class SplitsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly sweeps: PeriodicSweep<number>;

  constructor(
    private readonly queues: QueueFactory,
    private readonly payout: SplitPayout,
    @Inject(WALLET_ENV) private readonly env: WalletEnv,
  ) {
    this.sweeps = new PeriodicSweep('split', new Logger(SplitsWorker.name),
      () => payout.unfinished(env.WALLET_SWEEP_INTERVAL_MS, SWEEP_BATCH), (splitId) => payout.run(splitId));
  }

  /** The job id names the split (BullMQ refuses ids that are bare integers), so queuing it twice runs it once. */
  enqueue(splitId: number): Promise<void> {
    return this.queues.add(QUEUES.walletSplits, { splitId }, `split-${splitId}`);
  }

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.walletSplits, ({ splitId }) => this.payout.run(splitId), {
      concurrency: this.env.WALLET_SPLIT_CONCURRENCY,
      locks: {
        lockDuration: this.env.WALLET_SPLIT_LOCK_DURATION_MS,
        stalledInterval: this.env.WALLET_SPLIT_STALLED_INTERVAL_MS,
        maxStalledCount: MAX_STALLED_COUNT,
      },
    });
    this.sweeps.start(this.env.WALLET_SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    this.sweeps.stop();
  }
}
