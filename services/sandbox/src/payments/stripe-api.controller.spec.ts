import Stripe from 'stripe';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { callHook } from '../testing/call-hook.js';
import { WebhookReceiver } from '../testing/webhook-receiver.js';

const WEBHOOK_SECRET = 'whsec_stripe_api_spec';

const subscriptionCheckout = (customer?: string): Stripe.Checkout.SessionCreateParams => ({
  mode: 'subscription',
  customer,
  line_items: [
    { price_data: { currency: 'gbp', unit_amount: 2900, product_data: { name: 'Solo' }, recurring: { interval: 'month' } }, quantity: 1 },
  ],
  success_url: 'http://127.0.0.1:3000/onboard?paid=1',
  cancel_url: 'http://127.0.0.1:3000/pricing',
  metadata: { type: 'subscription', userId: 'u-1', plan: 'solo' },
  subscription_data: { metadata: { userId: 'u-1', plan: 'solo' } },
});

describe('the Stripe API, through the stripe SDK', () => {
  let sandbox: RunningSandbox;
  let receiver: WebhookReceiver;
  let stripe: Stripe;

  const hook = (path: string, method?: string, body?: unknown) => callHook(sandbox.url, path, method, body);

  /** The next delivery, verified as the platform verifies it. */
  const nextEvent = async (): Promise<Stripe.Event> => {
    const { headers, body } = await receiver.next();
    return stripe.webhooks.constructEvent(body, headers['billing-signature'] as string, WEBHOOK_SECRET, 300);
  };

  /** A subscription as a paid checkout starts it, with its checkout.session.completed delivery taken. */
  const newSubscription = async (): Promise<string> => {
    const session = await stripe.checkout.sessions.create(subscriptionCheckout());
    const completed = (await (await hook(`/stripe/checkout/${session.id}/complete`)).json()) as { subscriptionId: string };
    await receiver.next();
    return completed.subscriptionId;
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    sandbox = await startSandbox({ billingWebhookUrl: receiver.url, billingWebhookSecret: WEBHOOK_SECRET });
    stripe = new Stripe('sk_test_sandbox', { host: sandbox.payments.apiHost, port: sandbox.payments.apiPort, protocol: sandbox.payments.protocol });
  });

  afterEach(async () => {
    await hook('/stripe/controls', 'DELETE');
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  describe('/v1/customers', () => {
    it('creates a customer and retrieves it', async () => {
      const before = Math.floor(Date.now() / 1000);

      const created = await stripe.customers.create({ email: 'a@example.test', name: 'Ada', metadata: { userId: 'u-1' } });

      expect(created).toMatchObject({ object: 'customer', email: 'a@example.test', name: 'Ada', metadata: { userId: 'u-1' } });
      expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
      expect(created.created).toBeGreaterThanOrEqual(before);
      expect(await stripe.customers.retrieve(created.id)).toEqual(created);
    });

    it('answers 404 resource_missing for an unknown customer', async () => {
      await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_missing'",
      });
    });
  });

  describe('/v1/checkout/sessions', () => {
    it('creates an open, unpaid session whose url is the sandbox page, and retrieves it', async () => {
      const customer = await stripe.customers.create({ email: 'b@example.test' });

      const session = await stripe.checkout.sessions.create(subscriptionCheckout(customer.id));

      expect(session).toMatchObject({
        object: 'checkout.session',
        url: `${sandbox.url}/stripe/checkout/${session.id}`,
        mode: 'subscription',
        customer: customer.id,
        metadata: { type: 'subscription', userId: 'u-1', plan: 'solo' },
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 2900,
        currency: 'gbp',
        subscription: null,
        payment_intent: null,
        success_url: 'http://127.0.0.1:3000/onboard?paid=1',
        cancel_url: 'http://127.0.0.1:3000/pricing',
      });
      expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
      expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
    });

    it('totals every line item times its quantity in payment mode', async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { price_data: { currency: 'USD', unit_amount: 500, product_data: { name: '500 credits' } }, quantity: 2 },
          { price_data: { currency: 'usd', unit_amount: 250, product_data: { name: 'Top-up fee' } }, quantity: 1 },
        ],
        success_url: 'http://127.0.0.1:3000/ok',
      });

      expect(session).toMatchObject({ mode: 'payment', amount_total: 1250, currency: 'usd', customer: null, cancel_url: null });
    });

    it.each([
      [{ mode: undefined }, 'mode', 'Missing required param: mode.'],
      [{ mode: 'setup' }, 'mode', 'Invalid mode: must be one of payment, subscription'],
      [{ line_items: [] }, 'line_items', 'Missing required param: line_items.'],
      [{ line_items: [{ quantity: 1 }] }, 'line_items[0][price_data]', 'Missing required param: line_items[0][price_data].'],
      [{ mode: 'payment' }, 'line_items', 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.'],
      [{ customer: 'cus_missing' }, 'customer', "No such customer: 'cus_missing'"],
      [{ success_url: 'javascript:alert(1)' }, 'success_url', 'Not a valid URL'],
    ])('answers 400 for %j, naming %s', async (change, param, message) => {
      await expect(stripe.checkout.sessions.create({ ...subscriptionCheckout(), ...change } as Stripe.Checkout.SessionCreateParams)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param,
        message,
      });
    });

    it('answers 500 api_error, without the SDK retrying, while checkouts are set to fail', async () => {
      await hook('/stripe/controls', 'PUT', { failCheckouts: true });
      const started = Date.now();

      await expect(stripe.checkout.sessions.create(subscriptionCheckout())).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });

      expect(Date.now() - started).toBeLessThan(400);
    });

    it('creates sessions again once the controls are reset', async () => {
      await hook('/stripe/controls', 'PUT', { failCheckouts: true });
      await hook('/stripe/controls', 'DELETE');

      await expect(stripe.checkout.sessions.create(subscriptionCheckout())).resolves.toMatchObject({ status: 'open' });
    });

    it('answers 404 for an unknown session', async () => {
      await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });

  describe('/v1/subscriptions', () => {
    it('retrieves the subscription a paid checkout started', async () => {
      const id = await newSubscription();

      const subscription = await stripe.subscriptions.retrieve(id);

      expect(subscription).toMatchObject({
        object: 'subscription',
        status: 'active',
        metadata: { userId: 'u-1', plan: 'solo' },
        items: { data: [{ price: { unit_amount: 2900, currency: 'gbp', recurring: { interval: 'month', interval_count: 1 } }, quantity: 1 }] },
      });
      expect(subscription.items.data[0].current_period_end).toBe((subscription as unknown as { current_period_end: number }).current_period_end);
    });

    it('merges metadata on update, removes a key sent empty, and delivers customer.subscription.updated', async () => {
      const id = await newSubscription();

      const updated = await stripe.subscriptions.update(id, { metadata: { plan: 'label', userId: '' } });

      expect(updated.metadata).toEqual({ plan: 'label' });
      expect(await nextEvent()).toMatchObject({ type: 'customer.subscription.updated', data: { object: { id, metadata: { plan: 'label' } } } });
    });

    it('cancels on DELETE and delivers customer.subscription.deleted in the background', async () => {
      const id = await newSubscription();

      const canceled = await stripe.subscriptions.cancel(id);

      expect(canceled).toMatchObject({ id, status: 'canceled', canceled_at: expect.any(Number) });
      expect(await nextEvent()).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id, status: 'canceled' } } });
    });

    it('answers 400, not a retried 409, when the subscription is already canceled', async () => {
      const id = await newSubscription();
      await stripe.subscriptions.cancel(id);
      await receiver.next();

      await expect(stripe.subscriptions.cancel(id)).rejects.toMatchObject({ statusCode: 400, message: 'Subscription already canceled' });
    });

    it('answers 404 for an unknown subscription', async () => {
      await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });

  describe('/v1/events', () => {
    it('retrieves an event, and lists events newest first up to limit', async () => {
      const id = await newSubscription();
      await stripe.subscriptions.cancel(id);
      await receiver.next();

      const { object, data } = await stripe.events.list({ limit: 2 });

      expect(object).toBe('list');
      expect(data.map((event) => event.type)).toEqual(['customer.subscription.deleted', 'checkout.session.completed']);
      expect(data[1].data.object).toMatchObject({ object: 'checkout.session', status: 'complete', subscription: id });
      expect(await stripe.events.retrieve(data[0].id)).toEqual(data[0]);
    });

    it('says has_more when the limit cut the list, and pages on with starting_after', async () => {
      await newSubscription();
      await newSubscription();
      const first = await stripe.events.list({ limit: 1 });
      const [, second] = (await stripe.events.list({ limit: 2 })).data;

      expect(first.has_more).toBe(true);
      expect((await stripe.events.list({ limit: 1, starting_after: first.data[0].id })).data).toEqual([second]);
    });

    it('answers 400 for a limit above 100, and for an unknown starting_after', async () => {
      await expect(stripe.events.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400, param: 'limit' });
      await expect(stripe.events.list({ starting_after: 'evt_missing' })).rejects.toMatchObject({ statusCode: 400, param: 'starting_after' });
    });

    it('answers 404 for an unknown event', async () => {
      await expect(stripe.events.retrieve('evt_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });

  describe('with the key as a Basic user name, as curl -u sends it', () => {
    it('answers', async () => {
      const response = await fetch(`${sandbox.url}/v1/events?limit=1`, { headers: { authorization: `Basic ${btoa('sk_test_sandbox:')}` } });

      expect(response.status).toBe(200);
    });
  });

  describe('without an API key', () => {
    it.each([
      ['/v1/customers/cus_x', {}],
      ['/v1/events', {}],
      ['/v1/events', { authorization: 'Bearer ' }],
      ['/v1/events', { authorization: `Basic ${btoa(':password')}` }],
    ])('answers 401 with Stripe\'s error at GET %s with headers %j', async (path, headers) => {
      const response = await fetch(`${sandbox.url}${path}`, { headers });

      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringMatching(/^No API key provided/) } });
    });
  });
});
