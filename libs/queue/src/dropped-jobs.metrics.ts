import { Counter, type Registry } from 'prom-client';

/** Jobs a producer gave up on (BufferedJobProducer: an overflow, an invalid job, one still held at shutdown), per queue. */
export class DroppedJobsMetrics {
  private readonly dropped: Counter<'queue'>;

  constructor(registry: Registry) {
    this.dropped = new Counter({
      name: 'queue_jobs_dropped_total',
      help: 'Jobs this service meant to enqueue and dropped, by queue (usage.log: usage events never billed).',
      labelNames: ['queue'],
      registers: [registry],
    });
  }

  /** The queue's counter, at 0 from the start so that an alert's rate has a series before the first drop. */
  of(queue: string): Counter.Internal {
    const counter = this.dropped.labels(queue);
    counter.inc(0);
    return counter;
  }
}
