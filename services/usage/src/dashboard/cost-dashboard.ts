import { microsToDollars, type CostDashboard, type CostPeriod } from '@platform/contracts';
import type { UsageRow } from '../usage-logs/daily-rollup.js';
import type { DayRange } from '../queries/day-range.js';
import { dayLabel } from './period-window.js';

interface Totals {
  tokens: number;
  costMicros: number;
  calls: number;
}

const perCall = (totals: Totals) => (totals.calls ? microsToDollars(totals.costMicros / totals.calls) : 0);
const byCostDesc = (a: Totals & { key: string }, b: Totals & { key: string }) =>
  b.costMicros - a.costMicros || b.calls - a.calls || a.key.localeCompare(b.key);

function totalsBy(rows: UsageRow[], keyOf: (row: UsageRow) => string): (Totals & { key: string })[] {
  const groups = new Map<string, Totals & { key: string }>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? { key, tokens: 0, costMicros: 0, calls: 0 };
    group.tokens += row.inputTokens + row.outputTokens;
    group.costMicros += row.costMicros;
    group.calls += row.calls;
    groups.set(key, group);
  }
  return [...groups.values()].sort(byCostDesc);
}

/**
 * The cost dashboard from rollup rows of one period (platform-core 4.10). An agent's `model` is
 * the one it spent the most on; `daily` has every day of the period, days without usage at zero;
 * `percent` is the model's share of the period's cost, one decimal.
 */
export function costDashboard(period: CostPeriod, window: DayRange, rows: UsageRow[], names: Record<string, string>): CostDashboard {
  const [total = { tokens: 0, costMicros: 0, calls: 0 }] = totalsBy(rows, () => 'all');
  const perDay = new Map(totalsBy(rows, (row) => row.day).map((day) => [day.key, day]));
  return {
    period,
    summary: {
      totalCost: microsToDollars(total.costMicros),
      totalTokens: total.tokens,
      totalCalls: total.calls,
      avgCostPerCall: perCall(total),
    },
    agents: totalsBy(rows, (row) => row.agentId).map((agent) => ({
      name: names[agent.key] ?? agent.key,
      tokens: agent.tokens,
      cost: microsToDollars(agent.costMicros),
      calls: agent.calls,
      avgCostPerCall: perCall(agent),
      model: totalsBy(rows.filter((row) => row.agentId === agent.key), (row) => row.model)[0]!.key,
    })),
    daily: window.days.map((day) => ({
      date: dayLabel(day),
      cost: microsToDollars(perDay.get(day)?.costMicros ?? 0),
      tokens: perDay.get(day)?.tokens ?? 0,
    })),
    modelBreakdown: totalsBy(rows, (row) => row.model).map((model) => ({
      model: model.key,
      percent: total.costMicros ? Number(((model.costMicros * 100) / total.costMicros).toFixed(1)) : 0,
      cost: microsToDollars(model.costMicros),
    })),
    isMockData: false,
  };
}
