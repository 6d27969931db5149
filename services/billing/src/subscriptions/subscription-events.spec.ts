import { describe, expect, it } from '@jest/globals';
import { isNewer, RANK, statusOf } from './subscription-events.js';

describe('processor statuses', () => {
  it.each([
    ['active', 'active'], ['trialing', 'active'], ['past_due', 'past_due'], ['unpaid', 'past_due'],
    ['canceled', 'canceled'], ['incomplete_expired', 'canceled'], ['incomplete', 'inactive'], ['paused', 'inactive'], ['something_new', 'inactive'],
  ])('%s is %s', (processor, ours) => {
    expect(statusOf(processor)).toBe(ours);
  });
});

describe('event order', () => {
  const last = { created: 100, rank: RANK.changed, status: 'active' as const };

  it.each([
    ['a later event', { created: 101, rank: RANK.paid }, true],
    ['an older event', { created: 99, rank: RANK.ended }, false],
    ['an end in the same second', { created: 100, rank: RANK.ended }, true],
    ['another change in the same second', { created: 100, rank: RANK.changed }, true],
    ['a payment in the same second', { created: 100, rank: RANK.paid }, false],
  ])('%s: %s', (_name, next, expected) => {
    expect(isNewer(next, last)).toBe(expected);
  });

  it('nothing changes a subscription that ended', () => {
    expect(isNewer({ created: 200, rank: RANK.changed }, { ...last, status: 'canceled' })).toBe(false);
  });
});
