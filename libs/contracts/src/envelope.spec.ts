import { isAuthContext, type AuthContext } from './envelope.js';

const base: AuthContext = {
  userId: 'a7f0c7a2-2a4f-4c1e-9a57-1f0f3f1b2c3d', email: 'dev@example.com', name: 'Dev', isAdmin: false, plan: 'solo', subscriptionStatus: 'active', via: 'session',
};
const byKey = (apiKey: unknown) => ({ ...base, via: 'apiKey', apiKey });

describe('isAuthContext', () => {
  it.each([
    ['a session caller', base],
    ['a key caller with its uncapped key', byKey({ id: 'key-1', monthlySpendCapMicros: null })],
    ['a key caller with its capped key', byKey({ id: 'key-1', monthlySpendCapMicros: 5_000_000 })],
  ])('accepts %s', (_, value) => {
    expect(isAuthContext(value)).toBe(true);
  });

  it.each([
    ['a key caller without its key', byKey(undefined)],
    ['a key without an id', byKey({ id: '', monthlySpendCapMicros: null })],
    ['a negative cap', byKey({ id: 'key-1', monthlySpendCapMicros: -1 })],
    ['a cap that is not whole micro-dollars', byKey({ id: 'key-1', monthlySpendCapMicros: 0.5 })],
    ['a session caller claiming a key', { ...base, apiKey: { id: 'key-1', monthlySpendCapMicros: null } }],
  ])('refuses %s', (_, value) => {
    expect(isAuthContext(value)).toBe(false);
  });
});
