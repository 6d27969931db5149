import type { AuthContext } from '@platform/contracts';
import { CredentialCache } from './credential-cache.js';

const context = (userId: string): AuthContext => ({
  userId, email: `${userId}@example.com`, name: userId, isAdmin: false, plan: 'free', subscriptionStatus: 'inactive', via: 'session',
});

describe('CredentialCache', () => {
  let now = 0;
  const sut = () => new CredentialCache(1000, () => now);

  beforeEach(() => { now = 0; });

  it('returns an entry within its TTL', () => {
    const cache = sut();
    cache.set('d1', context('u1'));
    now = 999;
    expect(cache.get('d1')?.userId).toBe('u1');
  });

  it('forgets an entry after its TTL', () => {
    const cache = sut();
    cache.set('d1', context('u1'));
    now = 1000;
    expect(cache.get('d1')).toBeUndefined();
  });

  it('drops every entry of a revoked user and keeps the others', () => {
    const cache = sut();
    cache.set('d1', context('u1'));
    cache.set('d2', context('u1'));
    cache.set('d3', context('u2'));
    cache.dropUser('u1');
    expect([cache.get('d1'), cache.get('d2'), cache.get('d3')?.userId]).toEqual([undefined, undefined, 'u2']);
  });

  it('caches nothing when the TTL is 0', () => {
    const cache = new CredentialCache(0, () => now);
    cache.set('d1', context('u1'));
    expect(cache.get('d1')).toBeUndefined();
  });
});
