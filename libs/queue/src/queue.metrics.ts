import { Gauge, type Registry } from 'prom-client';
import type { Queue } from 'bullmq';

/** The states a backlog shows in; completed jobs are BullMQ's to trim and say nothing about health. */
const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

type Owned = Map<string, () => Promise<Queue>>;

/**
 * The queues this process works, read from Redis when Prometheus scrapes rather than kept up to
 * date per job: no cost on a job's path. Only worked queues (the service owns them): a producer
 * such as ai-gateway would report usage.log a second time.
 */
export class QueueMetrics {
  private readonly owned: Owned = new Map();

  constructor(registry: Registry) {
    const owned = this.owned;
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs of a queue this service works, by state (waiting, active, delayed, failed), read at scrape.',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        await eachOwned(owned, async (name, queue) => {
          const counts = await queue.getJobCounts(...STATES);
          for (const state of STATES) this.labels(name, state).set(counts[state] ?? 0);
        });
      },
    });
    new Gauge({
      name: 'queue_oldest_waiting_job_age_seconds',
      help: 'How long the oldest waiting job of a queue this service works has been due (0 when none waits), read at scrape.',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        const now = Date.now();
        await eachOwned(owned, async (name, queue) => {
          // The wait list's tail is its oldest job: BullMQ pushes at the head and takes from the tail.
          const [oldest] = await queue.getJobs(['waiting'], 0, 0, true);
          this.labels(name).set(oldest ? Math.max(0, now - oldest.timestamp - (oldest.delay ?? 0)) / 1000 : 0);
        });
      },
    });
  }

  /** `queueOf` gives the set-up queue (QueueFactory builds one again after a failed setup). */
  own(name: string, queueOf: () => Promise<Queue>): void {
    this.owned.set(name, queueOf);
  }
}

/**
 * A queue Redis cannot read now reports no series this scrape: failing the whole scrape would hide
 * every other metric, and stale figures would look like a stuck queue. The outage itself is the
 * readiness probe's and the log's to tell.
 */
async function eachOwned(owned: Owned, read: (name: string, queue: Queue) => Promise<void>): Promise<void> {
  await Promise.all([...owned].map(([name, queueOf]) => queueOf().then((queue) => read(name, queue)).catch(() => undefined)));
}
