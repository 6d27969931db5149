import { inspect } from 'node:util';
import { ApiError, type BillingAccountState } from '@platform/contracts';
import { accessSource, accountAccess, headerAccess } from './access-policy.js';

const thrown = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return error instanceof ApiError ? { status: error.status, body: error.toBody() } : error;
  }
  return undefined;
};

const PLAN_REQUIRED = { status: 402, body: { success: false, code: 'PLAN_REQUIRED', error: 'A paid plan is required (label, solo, collective or network)' } };
const SUBSCRIPTION_REQUIRED = { status: 402, body: { success: false, code: 'SUBSCRIPTION_REQUIRED', error: 'An active subscription is required' } };

describe('accessSource', () => {
  const admins = 'ops@example.com, boss@example.com';
  const platformUser = '6f1c2b9e-4a7d-4c1e-9b3a-2d5e8f7a1c40';

  it('lets an admin email (any case) through without asking billing, whatever the id', () => {
    expect(accessSource({ userId: platformUser, email: 'Boss@Example.com' }, admins)).toBe('admin');
  });

  it('asks billing about a platform user: the id is a UUID', () => {
    expect(accessSource({ userId: platformUser, email: 'someone@example.com' }, admins)).toBe('billing');
    expect(accessSource({ userId: platformUser.toUpperCase(), email: '' }, admins)).toBe('billing');
  });

  it.each(['anonymous', 'user-6f1c2b9e-4a7d-4c1e-9b3a-2d5e8f7a1c40', 'owner-1', ''])('reads the headers for any other id: %j', (userId) => {
    expect(accessSource({ userId, email: '' }, admins)).toBe('headers');
  });

  it('does not treat an empty email as an admin when ADMIN_EMAILS is empty', () => {
    expect(accessSource({ userId: 'anonymous', email: '' }, '')).toBe('headers');
  });
});

describe('headerAccess', () => {
  const withSub = { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_1' };

  it.each(['label', 'solo', 'collective', 'network', ' Solo '])('accepts plan %j with a subscription', (plan) => {
    expect(headerAccess({ ...withSub, 'x-user-plan': plan }, true)).toEqual({ plan: plan.trim().toLowerCase(), admin: false, ownKey: null });
  });

  it.each([undefined, '', 'free', 'starter', 'enterprise', 'gold'])('answers 402 PLAN_REQUIRED for plan %j', (plan) => {
    expect(thrown(() => headerAccess({ ...withSub, 'x-user-plan': plan }, true))).toEqual(PLAN_REQUIRED);
  });

  it('answers 402 SUBSCRIPTION_REQUIRED without a subscription id', () => {
    expect(thrown(() => headerAccess({ 'x-user-plan': 'solo', 'x-billing-subscription-id': ' ' }, true))).toEqual(SUBSCRIPTION_REQUIRED);
  });

  it('checks the plan before the subscription', () => {
    expect(thrown(() => headerAccess({ 'x-user-plan': 'free' }, true))).toEqual(PLAN_REQUIRED);
  });

  it('accepts the old x-stripe-subscription-id header', () => {
    expect(headerAccess({ 'x-user-plan': 'label', 'x-stripe-subscription-id': 'sub_old' }, true).plan).toBe('label');
  });

  it('does not ask for a subscription when the route needs only a plan', () => {
    expect(headerAccess({ 'x-user-plan': 'label' }, false).plan).toBe('label');
  });
});

describe('accountAccess', () => {
  const active: BillingAccountState = { plan: 'collective', subscriptionStatus: 'active', byok: null };

  it('takes the plan billing keeps, with an active subscription', () => {
    expect(accountAccess(active, true)).toEqual({ plan: 'collective', admin: false, ownKey: null });
  });

  it.each(['free', 'starter', 'pro', 'scale', 'underground', 'enterprise', 'white_glove'] as const)(
    'answers 402 PLAN_REQUIRED for billing plan %s, outside the AI plans',
    (plan) => {
      expect(thrown(() => accountAccess({ ...active, plan }, true))).toEqual(PLAN_REQUIRED);
    },
  );

  it.each(['inactive', 'past_due', 'canceled'] as const)('answers 402 SUBSCRIPTION_REQUIRED for status %s', (subscriptionStatus) => {
    expect(thrown(() => accountAccess({ ...active, subscriptionStatus }, true))).toEqual(SUBSCRIPTION_REQUIRED);
  });

  it('answers 402 PLAN_REQUIRED for a user billing has never seen (free, inactive)', () => {
    expect(thrown(() => accountAccess({ plan: 'free', subscriptionStatus: 'inactive', byok: null }, true))).toEqual(PLAN_REQUIRED);
  });

  it('needs only the plan on a route without a subscription check', () => {
    expect(accountAccess({ ...active, plan: 'label', subscriptionStatus: 'canceled' }, false).plan).toBe('label');
  });

  it('carries the own key, which prints as [redacted]', () => {
    const access = accountAccess({ ...active, byok: { provider: 'anthropic', apiKey: 'sk-ant-user-secret' } }, true);

    expect(access.ownKey?.provider).toBe('anthropic');
    expect(access.ownKey?.key.reveal()).toBe('sk-ant-user-secret');
    expect(`${JSON.stringify(access)} ${String(access.ownKey?.key)} ${inspect(access)}`).not.toContain('sk-ant-user-secret');
  });
});
