import { Logger } from '@nestjs/common';
import { afterDeferredWork, afterThisTurn } from '@platform/config';
import { ApiError, UnavailableError, type JobOf, type QueueName } from '@platform/contracts';
import type { ServiceMetrics } from '@platform/ops';
import { DroppedJobsMetrics } from './dropped-jobs.metrics.js';
import { HeldRetries } from './held-retries.js';

/** What the producer hands jobs to: QueueFactory in services, a fake in unit tests. */
export interface JobSink {
  add<Q extends QueueName>(name: Q, data: JobOf<Q>, jobId?: string): Promise<void>;
}

export interface BufferedJobProducerOptions {
  /** Jobs held while the queue refuses them; past this, new jobs are dropped. */
  capacity: number;
  /** How often held jobs are offered again. */
  retryIntervalMs: number;
  /** An enqueue that has not answered by then is held and retried (the job id keeps it single). */
  sendTimeoutMs?: number;
  /** The log line of a dropped job, e.g. the spec's `[UsageLogger] Failed to log usage: <message>`. */
  failureLine: (message: string) => string;
  /** Where each drop is counted (queue_jobs_dropped_total). */
  metrics: ServiceMetrics;
}

interface Held<Q extends QueueName> {
  data: JobOf<Q>;
  jobId: string;
}

/**
 * Fire-and-forget enqueueing for side effects a reply must not wait for (usage events). When Redis
 * refuses a job it is held in a bounded in-memory buffer and offered again on a timer; only an
 * overflow, or a job that can never be valid, drops one, and each drop is logged and counted.
 */
export class BufferedJobProducer<Q extends QueueName> {
  private readonly retries: HeldRetries<Held<Q>>;
  private readonly droppedJobs: { inc(): void };
  private droppedCount = 0;

  constructor(
    private readonly sink: JobSink,
    private readonly queue: Q,
    private readonly options: BufferedJobProducerOptions,
    private readonly logger: Pick<Logger, 'error'> = new Logger(BufferedJobProducer.name),
  ) {
    this.droppedJobs = options.metrics.of(DroppedJobsMetrics).of(queue);
    this.retries = new HeldRetries({
      capacity: options.capacity,
      retryIntervalMs: options.retryIntervalMs,
      deliver: (job) => this.send(job),
      isPermanent,
      onDrop: (_job, error) => this.drop(error),
    });
  }

  /**
   * Never throws and never blocks the caller: the job is checked and offered in the next turn of the
   * event loop, once the replies of this one have left (a chat's reply waited some 0.4 ms for its
   * usage event otherwise). The job id makes a retried job count once.
   */
  enqueue(data: JobOf<Q>, jobId: string): void {
    afterThisTurn(() => void this.retries.offer({ data, jobId }));
  }

  get dropped(): number {
    return this.droppedCount;
  }

  get pending(): number {
    return this.retries.pending;
  }

  /** Offers held jobs again, oldest first, until one is refused. */
  flush(): Promise<void> {
    return this.retries.flush();
  }

  /**
   * Stops retrying after a last offer of what is held; what the queue still refuses is dropped
   * like an overflow, so no job is lost without its log line and count.
   */
  async close(): Promise<void> {
    await afterDeferredWork();
    await this.retries.close();
  }

  private send(job: Held<Q>): Promise<void> {
    const timeoutMs = this.options.sendTimeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from the queue within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([this.sink.add(this.queue, job.data, job.jobId), timeout]).finally(() => clearTimeout(timer));
  }

  /** The line stays the spec's words; the running total rides along as a field (decision 38: drops are counted). */
  private drop(error: unknown): void {
    this.droppedCount += 1;
    this.droppedJobs.inc();
    this.logger.error({ msg: this.options.failureLine(error instanceof Error ? error.message : String(error)), droppedTotal: this.droppedCount });
  }
}

/** A job its payload class rejects will be rejected on every retry too; a Redis that is away will come back. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && !(error instanceof UnavailableError);
}
