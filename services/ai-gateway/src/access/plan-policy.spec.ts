import { ApiError, MODEL_CATALOGUE, PLAN_MODELS } from '@platform/contracts';
import { allowedModels, isModelAllowed, resolveAccess } from './plan-policy.js';

const thrown = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return error instanceof ApiError ? { status: error.status, body: error.toBody() } : error;
  }
  return undefined;
};

describe('resolveAccess', () => {
  const withSub = { 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_1' };

  it.each(['label', 'solo', 'collective', 'network', ' Solo '])('accepts plan %j with a subscription', (plan) => {
    expect(resolveAccess({ ...withSub, 'x-user-plan': plan }, '', '', true)).toEqual({ plan: plan.trim().toLowerCase(), admin: false });
  });

  it.each([undefined, '', 'free', 'starter', 'enterprise', 'gold'])('answers 402 PLAN_REQUIRED for plan %j', (plan) => {
    expect(thrown(() => resolveAccess({ ...withSub, 'x-user-plan': plan }, '', '', true))).toEqual({
      status: 402, body: { success: false, code: 'PLAN_REQUIRED', error: expect.any(String) },
    });
  });

  it('answers 402 SUBSCRIPTION_REQUIRED without a subscription id', () => {
    expect(thrown(() => resolveAccess({ 'x-user-plan': 'solo', 'x-billing-subscription-id': ' ' }, '', '', true))).toEqual({
      status: 402, body: { success: false, code: 'SUBSCRIPTION_REQUIRED', error: 'An active subscription is required' },
    });
  });

  it('accepts the old x-stripe-subscription-id header', () => {
    expect(resolveAccess({ 'x-user-plan': 'label', 'x-stripe-subscription-id': 'sub_old' }, '', '', true).plan).toBe('label');
  });

  it('does not ask for a subscription when the route needs only a plan', () => {
    expect(resolveAccess({ 'x-user-plan': 'label' }, '', '', false).plan).toBe('label');
  });

  it('lets an admin email (any case) through without plan or subscription, at network level', () => {
    expect(resolveAccess({}, 'Boss@Example.com', 'ops@example.com, boss@example.com', true)).toEqual({ plan: 'network', admin: true });
  });
});

describe('plan model access', () => {
  it('has 3, 5 and 7 models for label, solo and collective, each set inside the next', () => {
    const [label, solo, collective] = (['label', 'solo', 'collective'] as const).map(allowedModels);
    expect([label!.length, solo!.length, collective!.length]).toEqual([3, 5, 7]);
    expect(solo).toEqual(expect.arrayContaining(label!));
    expect(collective).toEqual(expect.arrayContaining(solo!));
  });

  it('adds two larger models in collective', () => {
    const added = allowedModels('collective').filter((id) => !allowedModels('solo').includes(id));
    expect(added.map((id) => MODEL_CATALOGUE.find((entry) => entry.id === id)?.tags.includes('large'))).toEqual([true, true]);
  });

  it('allows every catalogue model on network', () => {
    expect(allowedModels('network')).toEqual(MODEL_CATALOGUE.map((entry) => entry.id));
    expect(isModelAllowed('network', 'anthropic/claude-opus-4-6')).toBe(true);
  });

  it('names only catalogue models', () => {
    const ids = MODEL_CATALOGUE.map((entry) => entry.id);
    for (const models of Object.values(PLAN_MODELS)) if (models !== 'all') expect(ids).toEqual(expect.arrayContaining([...models]));
  });

  it('refuses a model outside the plan', () => {
    expect(isModelAllowed('label', 'openai/gpt-4o')).toBe(false);
  });
});
