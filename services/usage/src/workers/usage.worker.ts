import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES, usageLogFailedLine, type JobOf } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { ToolUsageService } from '../tool-usage/tool-usage.service.js';
import { UsageLogService } from '../usage-logs/usage-log.service.js';
import type { UsageEnv } from '../usage.env.js';
import { USAGE_ENV } from '../usage.tokens.js';
import { JobBatcher } from './job-batcher.js';

type UsageQueue = typeof QUEUES.usageLog | typeof QUEUES.usageTools;

/**
 * A worker holds a whole batch, so one killed worker (a deploy, an OOM) stalls up to a hundred
 * jobs at once: they survive a few such deaths in a row instead of BullMQ's one.
 */
const MAX_STALLED_COUNT = 5;

/**
 * Consumes `usage.log` and `usage.tools` in batches. A worker holds up to a batch of jobs at once
 * (concurrency = batch size) and acknowledges them only after their rows are committed; jobs a
 * dead worker held return to the queue when their locks lapse and are written then, once.
 */
@Injectable()
export class UsageWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('UsageLogger');

  constructor(
    private readonly queues: QueueFactory,
    private readonly usageLogs: UsageLogService,
    private readonly toolUsage: ToolUsageService,
    @Inject(USAGE_ENV) private readonly env: UsageEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    // The spec's failure line marks usage really lost: a job BullMQ gives up on. A failed write that
    // will be retried (the database is away for a while) is logged as a retry by the queue.
    this.batched(QUEUES.usageLog, (events) => this.usageLogs.write(events), (reason) => this.logger.error(usageLogFailedLine(reason)));
    this.batched(QUEUES.usageTools, (calls) => this.toolUsage.write(calls));
  }

  private batched<Q extends UsageQueue>(name: Q, write: (items: JobOf<Q>[]) => Promise<void>, onGivenUp?: (reason: string) => void): void {
    const batcher = new JobBatcher(write, this.env.USAGE_BATCH_SIZE, this.env.USAGE_BATCH_MAX_WAIT_MS);
    this.queues.work(name, (item) => batcher.add(item), {
      concurrency: this.env.USAGE_BATCH_SIZE,
      locks: {
        lockDuration: this.env.USAGE_LOCK_DURATION_MS,
        stalledInterval: this.env.USAGE_STALLED_INTERVAL_MS,
        maxStalledCount: MAX_STALLED_COUNT,
      },
      onGivenUp: onGivenUp && ((_job, reason) => onGivenUp(reason)),
    });
  }
}
