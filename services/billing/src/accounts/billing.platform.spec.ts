import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { PaymentsSandbox, TestPlatform, type TestUser } from '@platform/testing';
import { processorClient } from '../testing/processor-client.js';

describe('GET and POST /api/billing (platform-core 4.6)', () => {
  let platform: TestPlatform;
  let processor: Stripe;
  let user: TestUser;

  const act = (body: unknown) => user.client.post('/api/billing', body);
  const sessionOf = (url: string) => processor.checkout.sessions.retrieve(PaymentsSandbox.sessionIdOf(url));

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'usage'] });
    processor = processorClient(platform);
    user = await platform.newUser();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('GET: the plan map, and a new user on free with nothing used', async () => {
    const response = await user.client.get('/api/billing');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plans: {
        starter: { name: 'Starter', price: 19, dailyUnits: 600, features: expect.any(Array) },
        pro: { name: 'Pro', price: 39, dailyUnits: 1000, features: expect.any(Array) },
        scale: { name: 'Scale', price: 79, dailyUnits: 2500, features: expect.any(Array) },
      },
      currentPlan: 'free',
      subscriptionStatus: 'inactive',
      byokEnabled: false,
      usage: { dailyUnits: 0, used: 0, remaining: 0 },
      credits: 0,
    });
  });

  it.each([['GET', undefined], ['POST', { action: 'get-usage' }]])('%s without a session: 401', async (method, body) => {
    const response = await platform.web().request(method, '/api/billing', body);
    expect(response.status).toBe(401);
  });

  it.each([
    ['no action', {}, 'Invalid action'],
    ['an unknown action', { action: 'refund' }, 'Invalid action'],
    ['create-checkout without a plan', { action: 'create-checkout' }, 'Invalid plan'],
    ['create-checkout for a plan of another family', { action: 'create-checkout', plan: 'solo' }, 'Invalid plan'],
    ['enable-byok without apiKey', { action: 'enable-byok', provider: 'openai' }, 'apiKey is required'],
    ['enable-byok with a blank apiKey', { action: 'enable-byok', apiKey: '  ', provider: 'openai' }, 'apiKey is required'],
    ['enable-byok without provider', { action: 'enable-byok', apiKey: 'sk-user' }, 'provider is required'],
    ['enable-byok with an unknown provider', { action: 'enable-byok', apiKey: 'sk-user', provider: 'acme' }, 'provider must be one of openrouter, anthropic, openai'],
    ['buy-credits without a pack', { action: 'buy-credits' }, 'Invalid pack'],
    ['buy-credits with another pack', { action: 'buy-credits', pack: '100' }, 'Invalid pack'],
  ])('%s: 400 %s', async (_case, body, error) => {
    const response = await act(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('create-checkout: a subscription checkout at the processor, in GBP at the plan price', async () => {
    const response = await act({ action: 'create-checkout', plan: 'pro' });
    expect(response.status).toBe(200);
    const session = await sessionOf(response.body.url);
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 3900, currency: 'gbp', metadata: { type: 'subscription', plan: 'pro', userId: user.id } });
  });

  it.each([['create-checkout', { action: 'create-checkout', plan: 'scale' }], ['buy-credits', { action: 'buy-credits', pack: '50' }]])(
    '%s while the processor refuses checkouts: 500 Checkout failed',
    async (_action, body) => {
      await platform.payments.failCheckouts(true);
      try {
        const response = await act(body);
        expect(response.status).toBe(500);
        expect(response.body).toEqual({ error: 'Checkout failed' });
      } finally {
        await platform.payments.failCheckouts(false);
      }
    },
  );

  it('reuses one processor customer for every checkout of a user', async () => {
    const first = await sessionOf((await act({ action: 'create-checkout', plan: 'starter' })).body.url);
    const second = await sessionOf((await act({ action: 'buy-credits', pack: '50' })).body.url);
    expect(first.customer).toBeTruthy();
    expect(second.customer).toBe(first.customer);
  });

  it.each([['50', 5, '$50.00'], ['200', 15, '$200.00'], ['500', 30, '$500.00'], [500, 30, '$500.00']])(
    'buy-credits pack %j: %i credits for %s, paid at the processor',
    async (pack, credits, price) => {
      const response = await act({ action: 'buy-credits', pack });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, credits, price, url: expect.stringContaining('/stripe/checkout/') });
      expect(await sessionOf(response.body.url)).toMatchObject({ mode: 'payment', amount_total: Number(pack) * 100, currency: 'usd' });
    },
  );

  it('a paid credit pack adds its credits once', async () => {
    const buyer = await platform.newUser();
    const { url } = (await buyer.client.post('/api/billing', { action: 'buy-credits', pack: '500' })).body;
    const paid = await platform.payments.complete(url);
    await platform.payments.redeliver(paid.eventId);
    expect((await buyer.client.get('/api/billing')).body.credits).toBe(30);
  });

  it('get-usage: the day\'s units with the next midnight UTC', async () => {
    const response = await act({ action: 'get-usage' });
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(response.body).toEqual({ dailyUnits: 0, used: 0, remaining: 0, resetsAt: midnight.toISOString() });
  });

  describe('bring your own key', () => {
    const providerKey = 'sk-user-own-provider-key-1234567890';

    it('enable: on, and the key is never shown again', async () => {
      const enabled = await act({ action: 'enable-byok', apiKey: providerKey, provider: 'openai' });
      expect(enabled.status).toBe(200);
      expect(enabled.body).toEqual({ success: true, message: expect.any(String) });
      const overview = await user.client.get('/api/billing');
      expect(overview.body.byokEnabled).toBe(true);
      expect(JSON.stringify([enabled.body, overview.body, (await act({ action: 'get-usage' })).body])).not.toContain(providerKey);
    });

    it('disable: off', async () => {
      expect((await act({ action: 'disable-byok' })).body).toEqual({ success: true, message: expect.any(String) });
      expect((await user.client.get('/api/billing')).body.byokEnabled).toBe(false);
    });
  });
});
