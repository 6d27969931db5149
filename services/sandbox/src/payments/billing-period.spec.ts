import { billingPeriod } from './billing-period.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const period = (anchor: string, interval: 'day' | 'week' | 'month' | 'year', count: number, index: number) => {
  const { start, end } = billingPeriod(at(anchor), { interval, interval_count: count }, index);
  return [iso(start), iso(end)];
};

describe('billingPeriod', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', 'month', 1, 0, ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z']],
    ['2026-01-31T10:00:00.000Z', 'month', 1, 0, ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z']],
    ['2026-01-31T10:00:00.000Z', 'month', 1, 1, ['2026-02-28T10:00:00.000Z', '2026-03-31T10:00:00.000Z']],
    ['2028-01-31T00:00:00.000Z', 'month', 1, 0, ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z']],
    ['2026-11-30T00:00:00.000Z', 'month', 3, 0, ['2026-11-30T00:00:00.000Z', '2027-02-28T00:00:00.000Z']],
    ['2028-02-29T00:00:00.000Z', 'year', 1, 0, ['2028-02-29T00:00:00.000Z', '2029-02-28T00:00:00.000Z']],
    ['2026-01-01T00:00:00.000Z', 'week', 2, 1, ['2026-01-15T00:00:00.000Z', '2026-01-29T00:00:00.000Z']],
    ['2026-01-01T00:00:00.000Z', 'day', 1, 0, ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']],
  ] as const)('anchored %s, every %s x%d, period %d runs %j', (anchor, interval, count, index, expected) => {
    expect(period(anchor, interval, count, index)).toEqual(expected);
  });
});
