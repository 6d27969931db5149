import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { Readiness, type Dependency } from '@platform/config';
import { JOB_PAYLOADS, QUEUES, UnavailableError, validateAs, type JobOf, type QueueName } from '@platform/contracts';
import { createRedis } from './redis-connection.js';

export const QUEUE_OPTIONS = Symbol('QUEUE_OPTIONS');

export interface QueueOptions {
  redisUrl: string;
  /** REDIS_PREFIX: keeps parallel test files and environments apart on one Redis. */
  prefix: string;
}

/** Bounded retries with backoff for every job; failures past them stay in the log (dead-letter trail). */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
} as const;

/**
 * Usage jobs bill someone: they outlast a database outage of about an hour (12 retries from 1 s,
 * doubling: 4095 s in all) instead of failing for good after the default's 15 s.
 */
const USAGE_JOB_OPTIONS = { attempts: 13, backoff: { type: 'exponential', delay: 1000 } } as const;

/** What a queue's jobs change of DEFAULT_JOB_OPTIONS. */
export const QUEUE_JOB_OPTIONS: Partial<Record<QueueName, JobsOptions>> = {
  [QUEUES.usageLog]: USAGE_JOB_OPTIONS,
  [QUEUES.usageTools]: USAGE_JOB_OPTIONS,
};

/** A scheduled job is retried by its next run, not by BullMQ; finished runs are not kept. */
const SCHEDULED_JOB_OPTIONS = { attempts: 1, removeOnComplete: true, removeOnFail: 100 } as const;

export interface ScheduledJob {
  id: string;
  everyMs: number;
}

/** Typed queues and workers over one Redis connection each; a job's data is validated on both ends. */
@Injectable()
export class QueueFactory implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private readonly redis: Dependency;

  /** Outside Nest (agent runtimes, scripts) a factory keeps its own readiness. */
  constructor(@Inject(QUEUE_OPTIONS) private readonly options: QueueOptions, readiness: Readiness = new Readiness()) {
    this.redis = readiness.dependency('redis');
  }

  async add<Q extends QueueName>(name: Q, data: JobOf<Q>, jobId?: string): Promise<void> {
    const payload = validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, data);
    await this.queue(name).add(name, payload, { ...DEFAULT_JOB_OPTIONS, ...QUEUE_JOB_OPTIONS[name], jobId });
  }


  /**
   * One job scheduler per id (BullMQ `upsertJobScheduler`): upserting an existing id changes it in
   * place, so callers may repeat it freely. The first job runs at once, or at `firstRunAt` when set.
   */
  async upsertScheduler<Q extends QueueName>(name: Q, schedulerId: string, everyMs: number, data: JobOf<Q>, firstRunAt?: number): Promise<void> {
    const payload = validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, data);
    await this.queue(name).upsertJobScheduler(
      schedulerId,
      { every: everyMs, ...(firstRunAt === undefined ? {} : { startDate: firstRunAt }) },
      { name, data: payload, opts: SCHEDULED_JOB_OPTIONS },
    );
  }

  async removeScheduler(name: QueueName, schedulerId: string): Promise<boolean> {
    return this.queue(name).removeJobScheduler(schedulerId);
  }

  async schedulers(name: QueueName): Promise<ScheduledJob[]> {
    const schedulers = await this.queue(name).getJobSchedulers(0, -1);
    return schedulers.map((scheduler) => ({ id: scheduler.key, everyMs: scheduler.every ?? 0 }));
  }

  async scheduler(name: QueueName, schedulerId: string): Promise<ScheduledJob | undefined> {
    const scheduler = await this.queue(name).getJobScheduler(schedulerId);
    return scheduler && { id: scheduler.key, everyMs: scheduler.every ?? 0 };
  }

  /**
   * `locks` tunes how soon a job held by a dead worker goes back to the queue (BullMQ's 30 s
   * defaults): tests shorten it to see a crash recovered in seconds. `maxStalledCount` is how many
   * such returns a job survives before it fails for good (BullMQ's default: 1).
   */
  work<Q extends QueueName>(
    name: Q,
    process: (data: JobOf<Q>, job: Job) => Promise<void>,
    concurrency = 4,
    locks: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> = {},
  ): Worker {
    const worker = new Worker(
      name,
      async (job) => process(validateAs(JOB_PAYLOADS[name] as new () => JobOf<Q>, job.data), job),
      { connection: this.connection(true), prefix: this.bullPrefix, concurrency, ...locks },
    );
    worker.on('failed', (job, error) => {
      if (job && isFinalAttempt(job)) return this.logger.error(`${name} job ${job.id} failed for good: ${error.message}`);
      // A job failing because the database or Redis is down is retried quietly: the outage itself is logged once.
      const level = error instanceof UnavailableError ? 'debug' : 'warn';
      this.logger[level](`${name} job ${job?.id} failed, will retry: ${error.message}`);
    });
    // BullMQ re-emits its connections' errors here; the outage is the connection's to log.
    worker.on('error', (error) => this.redis.failed(error));
    this.workers.push(worker);
    return worker;
  }

  /**
   * Workers close before any provider's onApplicationShutdown (Nest runs every before-hook first), so
   * jobs in hand finish while the database and the other connections they use are still open.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => undefined)));
  }

  private get bullPrefix(): string {
    return `${this.options.prefix}bull`;
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection(false), prefix: this.bullPrefix });
      queue.on('error', (error) => this.redis.failed(error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Workers block on Redis and must wait forever; producers fail fast instead of hanging a request. */
  private connection(forWorker: boolean): Redis {
    const connection = createRedis(this.options.redisUrl, forWorker ? 'blocking' : 'commands', this.redis);
    this.connections.push(connection);
    return connection;
  }
}

/** Whether BullMQ will try this job again after the failure it just reported. */
export function isFinalAttempt(job: Job): boolean {
  return job.attemptsMade >= (job.opts.attempts ?? 1);
}
