import { Counter, Gauge, type Registry } from 'prom-client';
import type { BreakerState, OutboundHttp } from './http.client.js';

/** As a number, so an alert can say `> 0` (not closed) or `== 2` (open). */
const STATE_VALUES: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/** Each third party's breaker (OutboundHttp), by the party's name: its state read at scrape, and every opening counted. */
export class BreakerMetrics {
  private readonly watched = new Map<string, OutboundHttp>();
  private readonly opens: Counter<'breaker'>;

  constructor(registry: Registry) {
    const watched = this.watched;
    new Gauge({
      name: 'breaker_state',
      help: 'Circuit breaker state of an outbound party: 0 closed, 1 half-open, 2 open.',
      labelNames: ['breaker'],
      registers: [registry],
      collect() {
        for (const [name, http] of watched) this.labels(name).set(STATE_VALUES[http.state]);
      },
    });
    this.opens = new Counter({
      name: 'breaker_opens_total',
      help: 'Times an outbound party\'s circuit breaker opened.',
      labelNames: ['breaker'],
      registers: [registry],
    });
  }

  watch(http: OutboundHttp): void {
    this.watched.set(http.name, http);
    const opens = this.opens.labels(http.name);
    opens.inc(0);
    http.onOpen(() => opens.inc());
  }
}
