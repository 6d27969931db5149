import { Counter, type Registry } from 'prom-client';
import { ChildCache } from '@platform/ops';
import type { Decision } from './check-policy.js';

/**
 * Every check's decision, by kind: healthy checks give the rate of work, repairs, crash loops and
 * exhausted repairs what an operator is paged for. One check per agent every few seconds, so each
 * kind's child is kept.
 */
export class DecisionMetrics {
  private readonly decisions: ChildCache<Decision, Counter.Internal>;

  constructor(registry: Registry) {
    const counter = new Counter({
      name: 'watchdog_decisions_total',
      help: 'Watchdog check decisions, by decision (healthy, degraded, repair, crash-loop, repairs-exhausted, ...).',
      labelNames: ['decision'],
      registers: [registry],
    });
    this.decisions = new ChildCache((decision: Decision) => counter.labels(decision));
  }

  decided(decision: Decision): void {
    this.decisions.get(decision).inc();
  }
}
