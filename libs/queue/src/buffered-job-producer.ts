import { Logger } from '@nestjs/common';
import { ApiError, UnavailableError, type JobOf, type QueueName } from '@platform/contracts';

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
  private readonly held: Held<Q>[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;
  private droppedCount = 0;
  private closed = false;
  /** Why the queue last refused a held job: the reason given for what close cannot deliver. */
  private lastRefusal: unknown;

  constructor(
    private readonly sink: JobSink,
    private readonly queue: Q,
    private readonly options: BufferedJobProducerOptions,
    private readonly logger: Pick<Logger, 'error'> = new Logger(BufferedJobProducer.name),
  ) {
    this.timer = setInterval(() => void this.flush(), options.retryIntervalMs);
    this.timer.unref();
  }

  /** Never throws and never blocks the caller. The job id makes a retried job count once. */
  enqueue(data: JobOf<Q>, jobId: string): void {
    this.send({ data, jobId }).catch((error: unknown) => this.hold({ data, jobId }, error));
  }

  get dropped(): number {
    return this.droppedCount;
  }

  get pending(): number {
    return this.held.length;
  }

  /** Offers held jobs again, oldest first, until one is refused. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /**
   * Stops the timer after a last offer of what is held; what the queue still refuses is dropped
   * like an overflow, so no job is lost without its log line and count.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.closed = true;
    await this.flush();
    this.held.splice(0).forEach(() => this.drop(this.lastRefusal));
  }

  private async drain(): Promise<void> {
    while (this.held.length) {
      const next = this.held[0]!;
      try {
        await this.send(next);
      } catch (error) {
        if (!isPermanent(error)) {
          this.lastRefusal = error;
          return;
        }
        this.drop(error);
      }
      this.held.shift();
    }
  }

  private send(job: Held<Q>): Promise<void> {
    const timeoutMs = this.options.sendTimeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from the queue within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([this.sink.add(this.queue, job.data, job.jobId), timeout]).finally(() => clearTimeout(timer));
  }

  private hold(job: Held<Q>, error: unknown): void {
    // After close nothing offers a held job again.
    if (this.closed || isPermanent(error) || this.held.length >= this.options.capacity) {
      this.drop(error);
      return;
    }
    this.held.push(job);
  }

  /** The line stays the spec's words; the running total rides along as a field (decision 38: drops are counted). */
  private drop(error: unknown): void {
    this.droppedCount += 1;
    this.logger.error({ msg: this.options.failureLine(error instanceof Error ? error.message : String(error)), droppedTotal: this.droppedCount });
  }
}

/** A job its payload class rejects will be rejected on every retry too; a Redis that is away will come back. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && !(error instanceof UnavailableError);
}
