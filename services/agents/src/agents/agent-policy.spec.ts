import type { AuthContext } from '@platform/contracts';
import {
  aiProviderFor, BACKEND_PLAN_LIMITS, callerTier, paysForRuntimes, resourcesOf, tierAllowed, TIER_PLAN, WEB_TIER_LIMITS,
} from './agent-policy.js';

describe('agent policy', () => {
  it.each([
    ['solo', 'starter'], ['starter', 'starter'], ['underground', 'starter'],
    ['collective', 'pro'], ['pro', 'pro'], ['scale', 'pro'],
    ['network', 'enterprise'], ['enterprise', 'enterprise'], ['white_glove', 'enterprise'],
    ['label', 'unknown'], ['free', 'unknown'],
  ] as const)('plan %s gives web tier %s', (plan, tier) => {
    expect(callerTier(plan, false)).toBe(tier);
  });

  it('gives admins the enterprise tier whatever their plan', () => {
    expect(callerTier('free', true)).toBe('enterprise');
  });

  it('has the spec\'s limits', () => {
    expect(WEB_TIER_LIMITS).toEqual({ starter: 1, pro: 3, enterprise: 100, unknown: 1 });
    expect(BACKEND_PLAN_LIMITS).toMatchObject({ solo: 1, collective: 3, label: 10 });
    expect(BACKEND_PLAN_LIMITS.network).toBeGreaterThan(1_000_000);
  });

  it('forwards tiers as plans', () => {
    expect(TIER_PLAN).toEqual({ starter: 'solo', pro: 'collective', enterprise: 'network' });
  });

  it('allows a tier up to the caller\'s own', () => {
    expect(tierAllowed('starter', 'pro')).toBe(true);
    expect(tierAllowed('pro', 'pro')).toBe(true);
    expect(tierAllowed('enterprise', 'pro')).toBe(false);
    expect(tierAllowed('starter', 'unknown')).toBe(false);
  });

  it('sends claude-opus-4-6 to anthropic and other models to the configured provider', () => {
    expect(aiProviderFor('claude-opus-4-6', 'openrouter')).toBe('anthropic');
    expect(aiProviderFor('gpt-4', 'openrouter')).toBe('openrouter');
    expect(aiProviderFor('custom', 'openai')).toBe('openai');
  });

  it.each([
    ['a user with an active subscription', true, { subscriptionStatus: 'active' }],
    ['a user whose subscription is canceled', false, { subscriptionStatus: 'canceled' }],
    ['a user whose subscription is past due', false, { subscriptionStatus: 'past_due' }],
    ['an admin without a subscription', true, { isAdmin: true }],
    ['a bearer caller (no subscription of its own)', true, { via: 'internal' }],
  ] as const)('pays for runtimes when %s: %s', (_who, pays, fields) => {
    const auth: AuthContext = { userId: 'u', email: 'u@example.com', name: '', isAdmin: false, plan: 'free', subscriptionStatus: 'inactive', via: 'session', ...fields };
    expect(paysForRuntimes(auth)).toBe(pays);
  });

  it.each([['solo', 2, 1], ['collective', 4, 2], ['label', 8, 4], ['network', 16, 4], ['white_glove', 32, 8], ['nonsense', 8, 4]])(
    'plan %s runs with %i GB and %i CPUs', (plan, memory, cpus) => {
      expect(resourcesOf(plan)).toEqual({ memory, cpus });
    },
  );
});
