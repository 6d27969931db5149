import { Histogram, type Registry } from 'prom-client';
import { ChildCache, LATENCY_BUCKETS } from '@platform/ops';
import type { UnreachableReason } from './rpc-errors.js';

/** How a handler ended: returned, refused with a domain error below 500, or failed (5xx, unexpected). */
export type HandlerOutcome = 'ok' | 'refused' | 'error';

/** How a request ended for its caller: answered, answered with an error, or no answer and why. */
export type RequestOutcome = 'ok' | 'error' | 'too-large' | UnreachableReason;

type Observe = (seconds: number) => void;

/**
 * Per subject (never the prefixed one: test runs and environments share a name) the time to an
 * answer, on both ends: the handling service sees its own work, the caller also sees what never
 * reached a handler (no responders, a silent replica, a timeout).
 */
export class NatsMetrics {
  private readonly handlers: ChildCache<string, ChildCache<HandlerOutcome, Observe>>;
  private readonly requests: ChildCache<string, ChildCache<RequestOutcome, Observe>>;

  constructor(registry: Registry) {
    const handled = new Histogram({
      name: 'nats_handler_duration_seconds',
      help: 'Time a NATS handler of this service took, by subject and outcome.',
      labelNames: ['subject', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const requested = new Histogram({
      name: 'nats_request_duration_seconds',
      help: 'Time this service waited for a NATS request, by subject and outcome.',
      labelNames: ['subject', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.handlers = bySubjectAndOutcome(handled);
    this.requests = bySubjectAndOutcome(requested);
  }

  /** `startedAt` from performance.now(). */
  handled(subject: string, outcome: HandlerOutcome, startedAt: number): void {
    this.handlers.get(subject).get(outcome)((performance.now() - startedAt) / 1000);
  }

  requested(subject: string, outcome: RequestOutcome, startedAt: number): void {
    this.requests.get(subject).get(outcome)((performance.now() - startedAt) / 1000);
  }
}

function bySubjectAndOutcome<Outcome extends string>(histogram: Histogram<'subject' | 'outcome'>): ChildCache<string, ChildCache<Outcome, Observe>> {
  return new ChildCache((subject: string) => new ChildCache((outcome: Outcome) => {
    const child = histogram.labels(subject, outcome);
    return (seconds: number) => child.observe(seconds);
  }));
}
