import { Counter, type Registry } from 'prom-client';

/** Chats refused before any model was called because a limit was reached: 429s an operator tells from outages. */
export class AdmissionMetrics {
  /** The plan's monthly token quota. */
  readonly quotaRejected: Counter.Internal;
  /** A user API key's monthly spend cap. */
  readonly spendCapRejected: Counter.Internal;

  constructor(registry: Registry) {
    const rejections = new Counter({
      name: 'ai_admission_rejections_total',
      help: 'Chats refused at admission by a limit: reason quota (monthly tokens) or spend_cap (a key\'s monthly spend).',
      labelNames: ['reason'],
      registers: [registry],
    });
    this.quotaRejected = rejections.labels('quota');
    this.spendCapRejected = rejections.labels('spend_cap');
    this.quotaRejected.inc(0);
    this.spendCapRejected.inc(0);
  }
}
