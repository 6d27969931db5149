import { cronDoesNotParse, SCHEDULER_MESSAGES as M } from '@platform/contracts';
import { canonicalTimeZone, cronProblem, nextTick } from './cron-schedule.js';

describe('cronProblem', () => {
  it.each([
    ['*/5 * * * *', 'UTC'],
    ['*/10 * * * * *', 'UTC'],
    ['0 9 * * MON-FRI', 'Europe/London'],
  ])('accepts %s', (pattern, zone) => {
    expect(cronProblem(pattern, zone)).toBeNull();
  });

  it.each([['* * * *'], ['* * * * * * *'], ['@daily'], ['']])('refuses %j: not 5 or 6 fields', (pattern) => {
    expect(cronProblem(pattern, 'UTC')).toBe(M.cronFieldCount);
  });

  it.each([
    ['61 * * * *', 'Constraint error, got value 61 expected range 0-59'],
    ['a b c d e', 'Invalid characters, got value: a'],
    ['0 0 30 2 *', 'Invalid explicit day of month definition'],
  ])('refuses %s with the parser\'s reason', (pattern, reason) => {
    expect(cronProblem(pattern, 'UTC')).toBe(cronDoesNotParse(reason));
  });
});

describe('nextTick', () => {
  const after = new Date('2026-03-28T23:30:00.000Z');

  it('reads 5 fields at second 0', () => {
    expect(nextTick('*/15 * * * *', 'UTC', after)?.toISOString()).toBe('2026-03-28T23:45:00.000Z');
  });

  it('reads 6 fields seconds first', () => {
    expect(nextTick('*/20 * * * * *', 'UTC', after)?.toISOString()).toBe('2026-03-28T23:30:20.000Z');
  });

  it('reads the hours in the task\'s zone, across a daylight-saving change', () => {
    // London moves to UTC+1 at 01:00 UTC on 29 March 2026: 09:00 local is 08:00 UTC from then on.
    expect(nextTick('0 9 * * *', 'Europe/London', after)?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('canonicalTimeZone', () => {
  it('answers the canonical name', () => {
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
  });

  it('answers null for no zone', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
  });
});
