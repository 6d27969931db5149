import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PaymentsSandbox, TestPlatform, type TestUser } from '@platform/testing';
import { processorClient } from '../testing/processor-client.js';

const ADMIN = 'boss@example.com';

describe('GET /api/billing-provider/checkout?plan= (platform-core 4.6)', () => {
  let platform: TestPlatform;
  let user: TestUser;

  const checkout = (plan: string, who = user) => who.client.get(`/api/billing-provider/checkout?plan=${plan}`);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing'], env: { ADMIN_EMAILS: ADMIN } });
    user = await platform.newUser();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it.each([['solo', 2900], ['collective', 6900], ['label', 14900], ['network', 49900]])(
    '%s: 303 to the processor\'s checkout, %i pence a month',
    async (plan, pence) => {
      const response = await checkout(plan);
      expect(response.status).toBe(303);
      const location = response.headers.get('location')!;
      expect(location.startsWith(`${platform.sandbox.url}/stripe/checkout/`)).toBe(true);
      const session = await processorClient(platform).checkout.sessions.retrieve(PaymentsSandbox.sessionIdOf(location));
      expect(session).toMatchObject({ mode: 'subscription', amount_total: pence, currency: 'gbp', metadata: { plan } });
    },
  );

  it.each([['missing', ''], ['free', 'free'], ['a billing-API plan', 'starter'], ['unknown', 'platinum']])('plan %s: 303 to /pricing?error=invalid_plan', async (_case, plan) => {
    const response = await checkout(plan);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/pricing?error=invalid_plan');
  });

  it('without a session: 401', async () => {
    expect((await platform.web().get('/api/billing-provider/checkout?plan=solo')).status).toBe(401);
  });

  it('an admin goes to onboarding without paying', async () => {
    const admin = await platform.newUser({ email: ADMIN });
    const response = await checkout('label', admin);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/onboard?plan=label&paid=1&admin=1');
  });

  it('the processor refusing the checkout: 303 to /pricing?error=checkout_failed', async () => {
    await platform.payments.failCheckouts(true);
    try {
      const response = await checkout('solo');
      expect(response.headers.get('location')).toBe('/pricing?error=checkout_failed');
    } finally {
      await platform.payments.failCheckouts(false);
    }
  });

  it('no processor key: 303 to /pricing?error=stripe_not_configured, and the paying actions 500', async () => {
    await platform.stopService('billing');
    await platform.startService('billing', { BILLING_PROCESSOR_KEY: '' });
    expect((await checkout('solo')).headers.get('location')).toBe('/pricing?error=stripe_not_configured');
    const buy = await user.client.post('/api/billing', { action: 'buy-credits', pack: '50' });
    expect(buy.status).toBe(500);
    expect(buy.body).toEqual({ error: 'Payment processor not configured' });
  });
});
