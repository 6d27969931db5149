import { usageEvent } from '@platform/testing';
import { dailyRollup, pricedEvents, utcDay } from './daily-rollup.js';

describe('pricedEvents', () => {
  it('prices each event from the catalogue and keeps one of each event id', () => {
    const repeated = usageEvent({ model: 'openai/gpt-4o-mini', inputTokens: 1_000_000, outputTokens: 1_000_000 });

    const sut = pricedEvents([repeated, { ...repeated }, usageEvent({ model: 'nobody/unknown', inputTokens: 10, outputTokens: 10 })]);

    // $0.15 + $0.60 per million.
    expect(sut.map((event) => event.costMicros)).toEqual([750_000, 0]);
  });
});

describe('dailyRollup', () => {
  it('sums tokens, cost and calls per user, UTC day, agent, model and provider, in key order', () => {
    const base = { userId: 'u', agentId: 'a', model: 'openai/gpt-4o', provider: 'openai' };
    const events = pricedEvents([
      usageEvent({ ...base, agentId: 'b', inputTokens: 1, outputTokens: 2, occurredAt: '2026-01-02T10:00:00.000Z' }),
      usageEvent({ ...base, inputTokens: 10, outputTokens: 20, occurredAt: '2026-01-02T23:00:00.000Z' }),
      usageEvent({ ...base, inputTokens: 30, outputTokens: 40, occurredAt: '2026-01-03T00:30:00+01:00' }),
      usageEvent({ ...base, inputTokens: 5, outputTokens: 5, occurredAt: '2026-01-01T12:00:00.000Z' }),
    ]);

    const sut = dailyRollup(events);

    expect(sut.map(({ day, agentId, inputTokens, outputTokens, calls }) => ({ day, agentId, inputTokens, outputTokens, calls }))).toEqual([
      { day: '2026-01-01', agentId: 'a', inputTokens: 5, outputTokens: 5, calls: 1 },
      { day: '2026-01-02', agentId: 'a', inputTokens: 40, outputTokens: 60, calls: 2 },
      { day: '2026-01-02', agentId: 'b', inputTokens: 1, outputTokens: 2, calls: 1 },
    ]);
    expect(sut[1]!.costMicros).toBe(events[1]!.costMicros + events[2]!.costMicros);
  });

  it('leaves failed calls out: the rollups count answered calls only', () => {
    const events = pricedEvents([usageEvent({ userId: 'u', inputTokens: 0, outputTokens: 0, outcome: 'error' }), usageEvent({ userId: 'u' })]);

    expect(dailyRollup(events).map((row) => row.calls)).toEqual([1]);
  });

  it('takes the day from the instant in UTC, whatever offset the event was written with', () => {
    expect(utcDay('2026-06-30T23:30:00-02:00')).toBe('2026-07-01');
  });
});
