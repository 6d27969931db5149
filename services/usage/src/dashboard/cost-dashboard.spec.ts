import { dayRange } from '../queries/day-range.js';
import type { UsageRow } from '../usage-logs/daily-rollup.js';
import { costDashboard } from './cost-dashboard.js';

const row = (overrides: Partial<UsageRow>): UsageRow => ({
  day: '2026-05-02', agentId: 'a', model: 'm1', provider: 'p', inputTokens: 0, outputTokens: 0, costMicros: 0, calls: 1, ...overrides,
});

describe('costDashboard', () => {
  const window = dayRange('2026-05-01', '2026-05-03');

  it('breaks ties in cost by calls, then by name, so the order is stable', () => {
    const sut = costDashboard('7d', window, [
      row({ agentId: 'zed', costMicros: 100, calls: 1 }),
      row({ agentId: 'amy', costMicros: 100, calls: 1 }),
      row({ agentId: 'bob', costMicros: 100, calls: 4 }),
    ], {});

    expect(sut.agents.map((agent) => agent.name)).toEqual(['bob', 'amy', 'zed']);
  });

  it('gives model shares of the cost with one decimal, and 0 when nothing cost anything', () => {
    const shares = costDashboard('7d', window, [row({ model: 'm1', costMicros: 1 }), row({ model: 'm2', costMicros: 2 })], {}).modelBreakdown;
    expect(shares).toEqual([{ model: 'm2', percent: 66.7, cost: 0.000002 }, { model: 'm1', percent: 33.3, cost: 0.000001 }]);

    const free = costDashboard('7d', window, [row({ model: 'free-model', inputTokens: 10 })], {}).modelBreakdown;
    expect(free).toEqual([{ model: 'free-model', percent: 0, cost: 0 }]);
  });

  it('zero-fills the days of the window without usage', () => {
    const sut = costDashboard('7d', window, [row({ day: '2026-05-02', inputTokens: 7, outputTokens: 3, costMicros: 1_500_000 })], {});

    expect(sut.daily).toEqual([
      { date: 'May 1', cost: 0, tokens: 0 },
      { date: 'May 2', cost: 1.5, tokens: 10 },
      { date: 'May 3', cost: 0, tokens: 0 },
    ]);
  });
});
