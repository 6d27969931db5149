import { costMicros, type UsageEventJob } from '@platform/contracts';

export interface PricedEvent extends UsageEventJob {
  costMicros: number;
}

/** One row of usage_daily: a day is the UTC date the call happened on. */
export interface DailyUsage {
  userId: string;
  day: string;
  agentId: string;
  model: string;
  provider: string;
  inputTokens: number;
  outputTokens: number;
  costMicros: number;
  calls: number;
}

/** A usage_daily row as read for a scope: without the user, summed over users when the scope is everyone. */
export type UsageRow = Omit<DailyUsage, 'userId'>;

export const utcDay = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);

/** Prices each event at write time and drops repeats of an event id within one batch. */
export function pricedEvents(events: UsageEventJob[]): PricedEvent[] {
  const byId = new Map<string, PricedEvent>();
  for (const event of events) {
    if (!byId.has(event.eventId)) byId.set(event.eventId, { ...event, costMicros: costMicros(event.model, event.inputTokens, event.outputTokens) });
  }
  return [...byId.values()];
}

const keyOf = (row: Pick<DailyUsage, 'userId' | 'day' | 'agentId' | 'model' | 'provider'>) =>
  [row.userId, row.day, row.agentId, row.model, row.provider].join('\u0000');

/**
 * What a batch adds to usage_daily, one row per key, in key order: every writer locks rollup rows
 * in the same order, so two batches touching the same rows wait for each other instead of deadlocking.
 * Failed calls are left out: the rollups count what was answered and billed (daily units, cost).
 */
export function dailyRollup(events: PricedEvent[]): DailyUsage[] {
  const rows = new Map<string, DailyUsage>();
  for (const event of events) {
    if (event.outcome === 'error') continue;
    const key = { userId: event.userId, day: utcDay(event.occurredAt), agentId: event.agentId, model: event.model, provider: event.provider };
    const row = rows.get(keyOf(key)) ?? { ...key, inputTokens: 0, outputTokens: 0, costMicros: 0, calls: 0 };
    row.inputTokens += event.inputTokens;
    row.outputTokens += event.outputTokens;
    row.costMicros += event.costMicros;
    row.calls += 1;
    rows.set(keyOf(key), row);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
