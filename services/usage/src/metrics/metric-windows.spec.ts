import { calendarWindows, rangeWindow } from './metric-windows.js';

describe('metric windows', () => {
  it('counts the week from Monday and the month from the first, in UTC', () => {
    // A Sunday evening in UTC, already Monday in Tokyo: still the week that began on Monday the 9th.
    const sut = calendarWindows(new Date('2026-03-15T22:30:00.000Z'));

    expect(sut.dayStart.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(sut.weekStart.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(sut.monthStart.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(sut.previousMonthStart.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('takes a Monday as the first day of its own week, and January back to December', () => {
    const sut = calendarWindows(new Date('2026-01-05T00:00:00.000Z'));

    expect(sut.weekStart.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(sut.previousMonthStart.toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it.each([['24h', '2026-03-14T23:00:00.000Z'], ['7d', '2026-03-08T23:00:00.000Z'], ['30d', '2026-02-13T23:00:00.000Z']] as const)(
    'a %s range is that many whole hours, the current one included', (range, from) => {
      const now = new Date('2026-03-15T22:30:00.000Z');
      expect(rangeWindow(range, now)).toEqual({ from: new Date(from), to: now });
    });
});
