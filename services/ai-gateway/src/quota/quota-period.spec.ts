import { quotaKeys, quotaMonth, quotaResetsAt, worstCaseTokens } from './quota-period.js';

describe('quota period', () => {
  it('is the calendar month in UTC', () => {
    expect(quotaMonth(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(quotaMonth(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
  });

  it('resets at the start of the next month, across a year end', () => {
    expect(quotaResetsAt(new Date('2026-12-15T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('keys the month and its leases by prefix, user and month, in one cluster slot', () => {
    expect(quotaKeys('t1:', 'user-1', new Date('2026-11-21T12:00:00Z'))).toEqual({
      month: 't1:ai:quota:{user-1:2026-11}',
      leases: 't1:ai:quota:{user-1:2026-11}:leases',
    });
  });
});

describe('worstCaseTokens', () => {
  it('adds a prompt estimate per message to max_tokens', () => {
    expect(worstCaseTokens([{ content: 'abcdefg' }, { content: '' }], 100)).toBe(3 + 4 + 0 + 4 + 100);
  });
});
