import { Gauge, type Registry } from 'prom-client';

/** What the outbox table holds now. */
export interface OutboxBacklog {
  events: number;
  /** Seconds since the oldest waiting event was written; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * The outbox's backlog, read from the table when Prometheus scrapes. Events waiting long mean
 * other services act late on this one's changes (NATS or the relay away). A read that fails (the
 * database away) reports no series that scrape; readiness says why.
 */
export class OutboxMetrics {
  private read?: () => Promise<OutboxBacklog>;

  constructor(registry: Registry) {
    const backlog = () => this.read?.().catch(() => undefined);
    new Gauge({
      name: 'outbox_events',
      help: 'Events written to this service\'s outbox and not yet published, read at scrape.',
      registers: [registry],
      async collect() {
        this.reset();
        const now = await backlog();
        if (now) this.set(now.events);
      },
    });
    new Gauge({
      name: 'outbox_oldest_event_age_seconds',
      help: 'How long the oldest unpublished event of this service\'s outbox has waited, read at scrape.',
      registers: [registry],
      async collect() {
        this.reset();
        const now = await backlog();
        if (now) this.set(now.oldestAgeSeconds);
      },
    });
  }

  own(read: () => Promise<OutboxBacklog>): void {
    this.read = read;
  }
}
