import { dayLabel, periodWindow } from './period-window.js';

describe('periodWindow', () => {
  const now = new Date('2026-03-02T22:00:00.000Z');

  it('7d: today and the six days before it', () => {
    expect(periodWindow('7d', now)).toEqual({
      from: '2026-02-24', to: '2026-03-02',
      days: ['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'],
    });
  });

  it('30d: thirty days ending today', () => {
    const sut = periodWindow('30d', now);
    expect([sut.from, sut.to, sut.days.length]).toEqual(['2026-02-01', '2026-03-02', 30]);
  });

  it('mtd: from the 1st of the month in UTC to today', () => {
    expect(periodWindow('mtd', now).days).toEqual(['2026-03-01', '2026-03-02']);
    expect(periodWindow('mtd', new Date('2026-04-01T00:00:00.000Z')).days).toEqual(['2026-04-01']);
  });
});

describe('dayLabel', () => {
  it.each([['2026-11-21', 'Nov 21'], ['2026-01-01', 'Jan 1'], ['2028-02-29', 'Feb 29']])('%s is %s', (day, label) => {
    expect(dayLabel(day)).toBe(label);
  });
});
