import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, Worker, type JobsOptions, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { Readiness, type Dependency } from '@platform/config';
import { JOB_PAYLOADS, QUEUES, UnavailableError, validateAs, type JobOf, type QueueName } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { enqueueTraced, workTraced } from './job-trace.js';
import { QueueMetrics } from './queue.metrics.js';
import { closeRedis, createRedis, isRedisUnreachable } from './redis-connection.js';

export const QUEUE_OPTIONS = Symbol('QUEUE_OPTIONS');

export interface QueueOptions {
  redisUrl: string;
  /** REDIS_PREFIX: keeps parallel test files and environments apart on one Redis. */
  prefix: string;
}

/** Where BullMQ keeps a queue's keys under a REDIS_PREFIX; everyone reading the queues (the queue UI, tests) uses it. */
export const bullPrefix = (redisPrefix: string): string => `${redisPrefix}bull`;

/** Bounded retries with backoff for every job; failures past them stay in the log (dead-letter trail). */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
} as const;

/**
 * Usage jobs bill someone, and a split pays people out: they outlast an outage (database, chain
 * node) of about an hour (12 retries from 1 s, doubling: 4095 s in all) instead of failing for
 * good after the default's 15 s.
 */
const OUTAGE_PROOF_JOB_OPTIONS = { attempts: 13, backoff: { type: 'exponential', delay: 1000 } } as const;

/** What a queue's jobs change of DEFAULT_JOB_OPTIONS. */
export const QUEUE_JOB_OPTIONS: Partial<Record<QueueName, JobsOptions>> = {
  [QUEUES.usageLog]: OUTAGE_PROOF_JOB_OPTIONS,
  [QUEUES.usageTools]: OUTAGE_PROOF_JOB_OPTIONS,
  [QUEUES.walletSplits]: OUTAGE_PROOF_JOB_OPTIONS,
  // A render's transient failures (the provider, a worker's death) are retried, fewer times than the
  // default: an attempt without an asset yet renders again, keeping a core busy. The caller's input is
  // judged once (the worker throws UnrecoverableError).
  [QUEUES.mediaRender]: { attempts: 3, backoff: { type: 'exponential', delay: 2000 } },
};

/** A scheduled job is retried by its next run, not by BullMQ; finished runs are not kept. */
const SCHEDULED_JOB_OPTIONS = { attempts: 1, removeOnComplete: true, removeOnFail: 100 } as const;

/** A job's attempts and backoff, and how long it waits before its first attempt. */
export type JobRetries = Pick<JobsOptions, 'attempts' | 'backoff' | 'delay'>;

export interface WorkOptions {
  concurrency?: number;
  locks?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
  onGivenUp?: (job: Job, reason: string) => void;
}

export interface ScheduledJob {
  id: string;
  everyMs: number;
}

/** A cron job scheduler's repeat: BullMQ reads the pattern (5 fields, or 6 with seconds first) in `tz`. */
export interface CronRepeat {
  pattern: string;
  tz: string;
}

/**
 * Typed queues and workers over one Redis connection each; a job's data is validated on both ends,
 * and carries the trace of the request that enqueued it (job-trace.ts).
 */
@Injectable()
export class QueueFactory implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private readonly setUp = new WeakSet<Queue>();
  private readonly redis: Dependency;
  private readonly metrics: QueueMetrics;

  /** Outside Nest (agent runtimes, scripts) a factory keeps its own readiness, and metrics nobody serves. */
  constructor(
    @Inject(QUEUE_OPTIONS) private readonly options: QueueOptions,
    readiness: Readiness = new Readiness(),
    @Optional() metrics: ServiceMetrics = new ServiceMetrics(),
  ) {
    this.redis = readiness.dependency('redis');
    this.metrics = metrics.of(QueueMetrics);
  }

  /**
   * A job Redis cannot take now is UnavailableError (503 at the edge), like any other dependency away.
   * `retries` overrides the queue's attempts and backoff, for a service that reads them from its env,
   * and may hold the job back (`delay`).
   */
  async add<Q extends QueueName>(name: Q, data: JobOf<Q>, jobId?: string, retries: JobRetries = {}): Promise<void> {
    const payload = validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, data);
    const queue = await this.queue(name);
    await enqueueTraced(name, payload, (traced) => queue.add(name, traced, { ...DEFAULT_JOB_OPTIONS, ...QUEUE_JOB_OPTIONS[name], ...retries, jobId })).catch((error: unknown) => {
      throw isRedisUnreachable(error) ? new UnavailableError() : error;
    });
  }

  /**
   * One job scheduler per id (BullMQ `upsertJobScheduler`): upserting an existing id changes it in
   * place, so callers may repeat it freely. The first job runs at once, or at `firstRunAt` when set.
   */
  async upsertScheduler<Q extends QueueName>(name: Q, schedulerId: string, everyMs: number, data: JobOf<Q>, firstRunAt?: number): Promise<void> {
    const payload = validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, data);
    await (await this.queue(name)).upsertJobScheduler(
      schedulerId,
      { every: everyMs, ...(firstRunAt === undefined ? {} : { startDate: firstRunAt }) },
      { name, data: payload, opts: SCHEDULED_JOB_OPTIONS },
    );
  }

  /**
   * Next run at `firstRunAt` whatever the scheduler had: BullMQ keeps an existing scheduler's next
   * run when an upsert leaves its interval as it was, so the old one goes first.
   */
  async replaceScheduler<Q extends QueueName>(name: Q, schedulerId: string, everyMs: number, data: JobOf<Q>, firstRunAt: number): Promise<void> {
    await this.removeScheduler(name, schedulerId);
    await this.upsertScheduler(name, schedulerId, everyMs, data, firstRunAt);
  }

  /** As upsertScheduler, on a cron pattern: the first job runs at the pattern's next tick. */
  async upsertCronScheduler<Q extends QueueName>(name: Q, schedulerId: string, repeat: CronRepeat, data: JobOf<Q>): Promise<void> {
    const payload = validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, data);
    await (await this.queue(name)).upsertJobScheduler(schedulerId, repeat, { name, data: payload, opts: SCHEDULED_JOB_OPTIONS });
  }

  async removeScheduler(name: QueueName, schedulerId: string): Promise<boolean> {
    return (await this.queue(name)).removeJobScheduler(schedulerId);
  }

  async schedulers(name: QueueName): Promise<ScheduledJob[]> {
    const schedulers = await (await this.queue(name)).getJobSchedulers(0, -1);
    return schedulers.map((scheduler) => ({ id: scheduler.key, everyMs: scheduler.every ?? 0 }));
  }

  async scheduler(name: QueueName, schedulerId: string): Promise<ScheduledJob | undefined> {
    const scheduler = await (await this.queue(name)).getJobScheduler(schedulerId);
    return scheduler && { id: scheduler.key, everyMs: scheduler.every ?? 0 };
  }

  /** When a scheduler's next job is due (epoch ms); null without the scheduler. */
  async nextRunAt(name: QueueName, schedulerId: string): Promise<number | null> {
    return (await (await this.queue(name)).getJobScheduler(schedulerId))?.next ?? null;
  }

  /** A cron job scheduler's pattern and zone as Redis holds them; undefined when there is none. */
  async cronScheduler(name: QueueName, schedulerId: string): Promise<CronRepeat | undefined> {
    const scheduler = await (await this.queue(name)).getJobScheduler(schedulerId);
    return scheduler?.pattern ? { pattern: scheduler.pattern, tz: scheduler.tz ?? 'UTC' } : undefined;
  }

  /**
   * `locks` tunes how soon a job held by a dead worker goes back to the queue (BullMQ's 30 s
   * defaults): tests shorten it to see a crash recovered in seconds. `maxStalledCount` is how many
   * such returns a job survives before it fails for good (BullMQ's default: 1). `onGivenUp` hears
   * every job BullMQ will not try again, whether out of attempts or failed for stalling too often.
   */
  work<Q extends QueueName>(name: Q, process: (data: JobOf<Q>, job: Job) => Promise<void>, options: WorkOptions = {}): Worker {
    const worker = new Worker(
      name,
      (job) => workTraced(name, job, (data) => process(validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, data), job)),
      { connection: this.connection(true), prefix: this.bullPrefix, concurrency: options.concurrency ?? 4, ...options.locks },
    );
    const givenUp = (job: Job, reason: string) => {
      this.logger.error(`${name} job ${job.id} failed for good: ${reason}`);
      options.onGivenUp?.(job, reason);
    };
    worker.on('failed', (job, error) => {
      if (job && isFinalAttempt(job, error)) return givenUp(job, error.message);
      // A job failing because the database or Redis is down is retried quietly: the outage itself is logged once.
      const level = error instanceof UnavailableError ? 'debug' : 'warn';
      this.logger[level](`${name} job ${job?.id} failed, will retry: ${error.message}`);
    });
    // A job stalled once too often is failed inside Redis, and BullMQ reports it only as stalled.
    worker.on('stalled', (jobId) => {
      void Job.fromId(worker, jobId)
        .then(async (job) => { if (job && await job.isFailed()) givenUp(job, job.failedReason); })
        .catch((error: unknown) => this.redisError(error));
    });
    worker.on('error', (error) => this.redisError(error));
    this.workers.push(worker);
    this.metrics.own(name, () => this.queue(name));
    return worker;
  }

  /**
   * Workers close before any provider's onApplicationShutdown (Nest runs every before-hook first), so
   * jobs in hand finish while the database and the other connections they use are still open.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.workers.length) return;
    // A worker closed while its connection is reconnecting never finishes closing (BullMQ waits on a
    // command ioredis holds for a reconnect that closing cancels): give Redis a moment to come back first.
    await until(() => this.redis.available, REDIS_RETURN_WAIT_MS);
    const closed = await settledWithin(Promise.all(this.workers.map((worker) => worker.close())), WORKER_CLOSE_GRACE_MS);
    if (closed !== 'ready') this.logger.warn({ msg: 'Workers not closed, Redis unavailable: the jobs they held return to the queue when their locks lapse', waitedMs: WORKER_CLOSE_GRACE_MS });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all(this.connections.map(closeRedis));
  }

  private get bullPrefix(): string {
    return bullPrefix(this.options.prefix);
  }

  /**
   * A producer's queue, set up. BullMQ sets a connection up once (it waits for Redis, then reads its
   * version); a queue whose setup failed because Redis dropped meanwhile fails every later command
   * too, so it is thrown away and the next call builds a fresh one. While setup waits for a Redis
   * that is away, callers fail after READY_WAIT_MS instead of waiting with it.
   */
  private async queue(name: QueueName): Promise<Queue> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection(false), prefix: this.bullPrefix });
      queue.on('error', (error) => this.redisError(error));
      this.queues.set(name, queue);
    }
    if (this.setUp.has(queue)) return queue;
    const outcome = await settledWithin(queue.waitUntilReady(), READY_WAIT_MS);
    if (outcome === 'ready') {
      this.setUp.add(queue);
      return queue;
    }
    if (outcome === 'failed') await this.discard(name, queue);
    throw new UnavailableError();
  }

  /**
   * BullMQ re-emits its connections' errors, and its own (a lock it lost, a scheduler it could not
   * advance): the first are the connection's outage, logged once; the others are worth a warning.
   */
  private redisError(error: unknown): void {
    if (isRedisUnreachable(error)) this.redis.failed(error);
    else this.logger.warn(`BullMQ: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** Every caller that waited on the failed setup discards it; only the first finds it still in place. */
  private async discard(name: QueueName, queue: Queue): Promise<void> {
    if (this.queues.get(name) !== queue) return;
    this.queues.delete(name);
    await queue.close().catch(() => undefined);
    // A connection handed to BullMQ is ours to end.
    const connection = queue.opts.connection as Redis;
    this.connections.splice(this.connections.indexOf(connection), 1);
    connection.disconnect();
  }

  /** Workers block on Redis and must wait forever; producers fail fast instead of hanging a request. */
  private connection(forWorker: boolean): Redis {
    const connection = createRedis(this.options.redisUrl, forWorker ? 'blocking' : 'commands', this.redis);
    this.connections.push(connection);
    return connection;
  }
}

/** How long a command waits for its queue's first connection before failing like any command while Redis is away. */
const READY_WAIT_MS = 1000;

/** At shutdown: how long to wait for a Redis that is away, then for workers to finish their jobs. */
const REDIS_RETURN_WAIT_MS = 3000;
const WORKER_CLOSE_GRACE_MS = 10_000;

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Whether a promise settled within `ms`, and how. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<'ready' | 'failed' | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<'waiting'>((resolve) => { timer = setTimeout(() => resolve('waiting'), ms); });
  try {
    return await Promise.race([promise.then(() => 'ready' as const, () => 'failed' as const), waiting]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether BullMQ will try this job again after the failure it just reported (an UnrecoverableError never is). */
export function isFinalAttempt(job: Job, error: Error): boolean {
  return error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}
