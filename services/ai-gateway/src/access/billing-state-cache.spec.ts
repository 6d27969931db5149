import { describe, expect, it } from '@jest/globals';
import type { BillingAccountState } from '@platform/contracts';
import { BillingStateCache } from './billing-state-cache.js';

const solo: BillingAccountState = { plan: 'solo', subscriptionStatus: 'active', byok: null };

describe('BillingStateCache', () => {
  it.each([
    ['just stored', 0, solo, solo],
    ['within the fresh time', 999, solo, solo],
    ['past the fresh time, within the stale time', 1000, undefined, solo],
    ['past the stale time', 60_000, undefined, undefined],
  ])('%s: fresh %j, last known %j', (_case, age, fresh, lastKnown) => {
    const cache = new BillingStateCache(1000, 60_000);
    cache.set('u', solo, 0);
    expect(cache.fresh('u', age)).toEqual(fresh);
    expect(cache.lastKnown('u', age)).toEqual(lastKnown);
  });

  it('forgets a dropped user at once, fresh or not', () => {
    const cache = new BillingStateCache(1000, 60_000);
    cache.set('u', solo, 0);
    cache.drop('u');
    expect([cache.fresh('u', 1), cache.lastKnown('u', 1)]).toEqual([undefined, undefined]);
  });

  it('holds at most its capacity, letting the least recently stored go', () => {
    const cache = new BillingStateCache(1000, 60_000, 2);
    cache.set('a', solo, 0);
    cache.set('b', solo, 0);
    cache.set('a', solo, 0);
    cache.set('c', solo, 0);
    expect([cache.fresh('a', 1), cache.fresh('b', 1), cache.fresh('c', 1)]).toEqual([solo, undefined, solo]);
  });
});
