import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Clock } from '../clock.service.js';
import { createSandboxApp } from '../sandbox.app.js';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { callHook } from '../testing/call-hook.js';
import { testSandboxConfig } from '../testing/test-sandbox-config.js';
import { WebhookReceiver, type ReceivedWebhook } from '../testing/webhook-receiver.js';

const WEBHOOK_SECRET = 'whsec_hooks_spec';

const checkout = (mode: 'subscription' | 'payment'): Stripe.Checkout.SessionCreateParams => ({
  mode,
  line_items: [
    {
      price_data: { currency: 'gbp', unit_amount: 6900, product_data: { name: 'Collective <plan>' }, recurring: mode === 'subscription' ? { interval: 'month' } : undefined },
      quantity: 1,
    },
  ],
  success_url: 'http://127.0.0.1:3000/onboard?paid=1',
  cancel_url: 'http://127.0.0.1:3000/pricing?cancelled=1&plan=collective',
  metadata: { type: mode === 'subscription' ? 'subscription' : 'credit_pack', userId: 'u-2' },
  subscription_data: mode === 'subscription' ? { metadata: { userId: 'u-2', plan: 'collective' } } : undefined,
});

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

describe('payment processor hooks', () => {
  let sandbox: RunningSandbox;
  let receiver: WebhookReceiver;
  let stripe: Stripe;

  const call = (path: string, method?: string, body?: unknown) => callHook(sandbox.url, path, method, body);
  const verify = ({ headers, body }: ReceivedWebhook, secret = WEBHOOK_SECRET): Stripe.Event =>
    stripe.webhooks.constructEvent(body, headers['billing-signature'] as string, secret, 300);
  const lastEvent = (): Stripe.Event => verify(receiver.received.at(-1) as ReceivedWebhook);
  const paidSubscription = async (): Promise<string> => {
    const session = await stripe.checkout.sessions.create(checkout('subscription'));
    const { body } = await json(await call(`/stripe/checkout/${session.id}/complete`));
    return body.subscriptionId as string;
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // As a platform test does: the sandbox first, the webhook endpoint once the gateway is up.
    sandbox = await startSandbox();
    await call('/stripe/webhook', 'PUT', { url: receiver.url, secret: WEBHOOK_SECRET });
    stripe = new Stripe('sk_test_sandbox', { host: sandbox.payments.apiHost, port: sandbox.payments.apiPort, protocol: 'http' });
  });

  beforeEach(() => {
    receiver.status = 200;
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  describe('GET /stripe/checkout/:sessionId', () => {
    it('shows the plan, the amount and a Pay button posting to complete, with a link to cancel_url', async () => {
      const session = await stripe.checkout.sessions.create(checkout('subscription'));

      const response = await fetch(session.url as string);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('<h1>Collective &#60;plan&#62;</h1>');
      expect(html).toContain('£69.00 per month');
      expect(html).toContain(`<form method="post" action="/stripe/checkout/${session.id}/complete?return=true"><button type="submit">Pay</button></form>`);
      expect(html).toContain('<a href="http://127.0.0.1:3000/pricing?cancelled=1&#38;plan=collective">Cancel</a>');
    });

    it('answers 404 for an unknown session', async () => {
      expect(await json(await call('/stripe/checkout/cs_test_missing', 'GET'))).toEqual({
        status: 404,
        body: { error: "No such checkout.session: 'cs_test_missing'" },
      });
    });
  });

  describe('POST /stripe/checkout/:sessionId/complete', () => {
    it('pays a subscription checkout, starts the subscription and delivers a signed checkout.session.completed', async () => {
      const session = await stripe.checkout.sessions.create(checkout('subscription'));

      const { status, body } = await json(await call(`/stripe/checkout/${session.id}/complete`));

      expect(status).toBe(200);
      expect(body).toEqual({ delivered: 200, eventId: expect.stringMatching(/^evt_/), sessionId: session.id, subscriptionId: expect.stringMatching(/^sub_/) });
      const received = receiver.received.at(-1) as ReceivedWebhook;
      expect(received.headers['stripe-signature']).toBe(received.headers['billing-signature']);
      expect(received.headers['content-type']).toBe('application/json');
      expect(verify(received)).toMatchObject({
        id: body.eventId,
        object: 'event',
        type: 'checkout.session.completed',
        livemode: false,
        api_version: Stripe.API_VERSION,
        data: {
          object: { id: session.id, status: 'complete', payment_status: 'paid', subscription: body.subscriptionId, metadata: { userId: 'u-2' } },
        },
      });
      const paid = await stripe.checkout.sessions.retrieve(session.id);
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: body.subscriptionId, customer: expect.stringMatching(/^cus_/) });
      expect(await stripe.subscriptions.retrieve(body.subscriptionId as string)).toMatchObject({
        customer: paid.customer,
        status: 'active',
        metadata: { userId: 'u-2', plan: 'collective' },
      });
    });

    it('pays a payment checkout with a payment intent and no subscription', async () => {
      const session = await stripe.checkout.sessions.create(checkout('payment'));

      const { body } = await json(await call(`/stripe/checkout/${session.id}/complete`));

      expect(body).toEqual({ delivered: 200, eventId: expect.any(String), sessionId: session.id });
      expect(lastEvent().data.object).toMatchObject({ mode: 'payment', payment_intent: expect.stringMatching(/^pi_/), subscription: null });
    });

    it('answers with the status the platform answered the delivery with', async () => {
      const session = await stripe.checkout.sessions.create(checkout('payment'));
      receiver.status = 400;

      const { body } = await json(await call(`/stripe/checkout/${session.id}/complete`));

      expect(body.delivered).toBe(400);
    });

    it('sends the page\'s Pay button on to success_url once the webhook is delivered, the session id filled in', async () => {
      const session = await stripe.checkout.sessions.create({ ...checkout('subscription'), success_url: 'http://127.0.0.1:3000/onboard?session={CHECKOUT_SESSION_ID}' });

      const response = await fetch(`${sandbox.url}/stripe/checkout/${session.id}/complete?return=true`, { method: 'POST', redirect: 'manual' });

      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://127.0.0.1:3000/onboard?session=${session.id}`);
      expect(lastEvent()).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id } } });
    });

    it('answers 409 for a session already completed', async () => {
      const session = await stripe.checkout.sessions.create(checkout('payment'));
      await call(`/stripe/checkout/${session.id}/complete`);

      expect(await json(await call(`/stripe/checkout/${session.id}/complete`))).toEqual({
        status: 409,
        body: { error: 'Checkout session already completed' },
      });
    });

    it('answers 404 for an unknown session', async () => {
      expect((await call('/stripe/checkout/cs_test_missing/complete')).status).toBe(404);
    });
  });

  describe('POST /stripe/subscriptions/:id/cancel', () => {
    it('cancels and delivers customer.subscription.deleted', async () => {
      const id = await paidSubscription();

      const { status, body } = await json(await call(`/stripe/subscriptions/${id}/cancel`));

      expect(status).toBe(200);
      expect(body).toEqual({ delivered: 200, eventId: expect.stringMatching(/^evt_/) });
      expect(lastEvent()).toMatchObject({ id: body.eventId, type: 'customer.subscription.deleted', data: { object: { id, status: 'canceled' } } });
      expect((await stripe.subscriptions.retrieve(id)).status).toBe('canceled');
    });

    it('answers 409 for a canceled subscription and 404 for an unknown one', async () => {
      const id = await paidSubscription();
      await call(`/stripe/subscriptions/${id}/cancel`);

      expect(await json(await call(`/stripe/subscriptions/${id}/cancel`))).toEqual({ status: 409, body: { error: 'Subscription already canceled' } });
      expect(await json(await call('/stripe/subscriptions/sub_missing/cancel'))).toEqual({
        status: 404,
        body: { error: "No such subscription: 'sub_missing'" },
      });
    });
  });

  describe('POST /stripe/subscriptions/:id/fail-renewal', () => {
    it('makes the subscription past_due and delivers invoice.payment_failed with the open invoice', async () => {
      const id = await paidSubscription();
      const { customer } = await stripe.subscriptions.retrieve(id);

      const { body } = await json(await call(`/stripe/subscriptions/${id}/fail-renewal`));

      expect(body).toEqual({ delivered: 200, eventId: expect.any(String) });
      expect(lastEvent()).toMatchObject({
        type: 'invoice.payment_failed',
        data: {
          object: {
            id: expect.stringMatching(/^in_/),
            object: 'invoice',
            customer,
            subscription: id,
            parent: { subscription_details: { subscription: id, metadata: { userId: 'u-2', plan: 'collective' } } },
            status: 'open',
            attempt_count: 1,
            amount_due: 6900,
            currency: 'gbp',
          },
        },
      });
      expect((await stripe.subscriptions.retrieve(id)).status).toBe('past_due');
    });

    it('answers 409 for a canceled subscription', async () => {
      const id = await paidSubscription();
      await call(`/stripe/subscriptions/${id}/cancel`);

      expect(await json(await call(`/stripe/subscriptions/${id}/fail-renewal`))).toEqual({ status: 409, body: { error: 'Subscription is canceled' } });
    });
  });

  describe('POST /stripe/subscriptions/:id/pay-renewal', () => {
    it('makes the subscription active in its next period and delivers customer.subscription.updated', async () => {
      const id = await paidSubscription();
      const first = await stripe.subscriptions.retrieve(id);
      await call(`/stripe/subscriptions/${id}/fail-renewal`);

      const { body } = await json(await call(`/stripe/subscriptions/${id}/pay-renewal`));

      expect(body).toEqual({ delivered: 200, eventId: expect.any(String) });
      const { current_period_start: start, current_period_end: end } = first.items.data[0];
      expect(lastEvent()).toMatchObject({
        type: 'customer.subscription.updated',
        data: { object: { id, status: 'active', current_period_start: end, items: { data: [{ current_period_start: end }] } } },
      });
      const renewed = await stripe.subscriptions.retrieve(id);
      expect(renewed.items.data[0].current_period_end - end).toBeGreaterThanOrEqual(end - start - 3 * 86_400);
    });
  });

  describe('POST /stripe/events/:id/redeliver', () => {
    it('sends the same event again, verifiable, and answers with the status', async () => {
      const id = await paidSubscription();
      const { body } = await json(await call(`/stripe/subscriptions/${id}/cancel`));
      const original = receiver.received.at(-1) as ReceivedWebhook;
      receiver.status = 202;

      const answer = await json(await call(`/stripe/events/${body.eventId as string}/redeliver`));

      expect(answer).toEqual({ status: 200, body: { delivered: 202 } });
      const again = receiver.received.at(-1) as ReceivedWebhook;
      expect(again.body).toBe(original.body);
      expect(verify(again).id).toBe(body.eventId);
    });

    it('answers 404 for an unknown event', async () => {
      expect(await json(await call('/stripe/events/evt_missing/redeliver'))).toEqual({ status: 404, body: { error: "No such event: 'evt_missing'" } });
    });
  });

  describe('PUT /stripe/webhook', () => {
    afterEach(async () => {
      await call('/stripe/webhook', 'PUT', { url: receiver.url, secret: WEBHOOK_SECRET });
    });

    it('signs later deliveries with a new secret, and keeps the secret when none is given', async () => {
      expect(await json(await call('/stripe/webhook', 'PUT', { url: receiver.url, secret: 'whsec_rotated' }))).toEqual({ status: 200, body: { url: receiver.url } });
      await call('/stripe/webhook', 'PUT', { url: receiver.url });

      await paidSubscription();

      expect(verify(receiver.received.at(-1) as ReceivedWebhook, 'whsec_rotated').type).toBe('checkout.session.completed');
    });

    it('answers delivered null when the endpoint does not answer', async () => {
      await call('/stripe/webhook', 'PUT', { url: 'http://127.0.0.1:1/api/billing/webhook' });
      const session = await stripe.checkout.sessions.create(checkout('payment'));

      const { body } = await json(await call(`/stripe/checkout/${session.id}/complete`));

      expect(body.delivered).toBeNull();
    });

    it.each([
      [{}, 'url must be an http or https URL'],
      [{ url: 'ftp://127.0.0.1/hook' }, 'url must be an http or https URL'],
      [{ url: 'http://127.0.0.1/hook', secret: '' }, 'secret must be a non-empty string'],
    ])('answers 400 for %j', async (target, error) => {
      expect(await json(await call('/stripe/webhook', 'PUT', target))).toEqual({ status: 400, body: { error } });
    });
  });

  describe('POST /stripe/webhooks', () => {
    let second: WebhookReceiver;

    beforeAll(async () => {
      second = await WebhookReceiver.start();
    });

    afterAll(async () => {
      await call('/stripe/webhook', 'PUT', { url: receiver.url, secret: WEBHOOK_SECRET });
      await second.close();
    });

    it('adds an endpoint: each event goes to both, each signed with its own secret, and a redelivery too', async () => {
      expect(await json(await call('/stripe/webhooks', 'POST', { url: second.url, secret: 'whsec_second' })))
        .toEqual({ status: 200, body: { urls: [receiver.url, second.url] } });
      expect(await json(await call('/stripe/webhooks', 'GET'))).toEqual({ status: 200, body: { urls: [receiver.url, second.url] } });
      receiver.skipReceived();
      second.skipReceived();
      const session = await stripe.checkout.sessions.create(checkout('payment'));

      const { body } = await json(await call(`/stripe/checkout/${session.id}/complete`));
      await call(`/stripe/events/${body.eventId as string}/redeliver`);

      for (const endpoint of [receiver, second]) {
        const secret = endpoint === second ? 'whsec_second' : WEBHOOK_SECRET;
        expect([verify(await endpoint.next(), secret).id, verify(await endpoint.next(), secret).id]).toEqual([body.eventId, body.eventId]);
      }
    });

    it('answers 400 for a target that is not an http URL', async () => {
      expect(await json(await call('/stripe/webhooks', 'POST', { url: 'ftp://127.0.0.1/hook' }))).toEqual({ status: 400, body: { error: 'url must be an http or https URL' } });
    });
  });

  describe('GET /stripe/deliveries', () => {
    it('lists each delivery oldest first with the status it got, and forgets them on DELETE', async () => {
      await call('/stripe/deliveries', 'DELETE');
      const id = await paidSubscription();
      receiver.status = 500;
      const { body } = await json(await call(`/stripe/subscriptions/${id}/cancel`));

      const response = await call('/stripe/deliveries', 'GET');

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { eventId: expect.any(String), type: 'checkout.session.completed', url: receiver.url, status: 200, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        { eventId: body.eventId, type: 'customer.subscription.deleted', url: receiver.url, status: 500, at: expect.any(String) },
      ]);
      expect(await json(await call('/stripe/deliveries', 'DELETE'))).toEqual({ status: 200, body: { ok: true } });
      expect(await (await call('/stripe/deliveries', 'GET')).json()).toEqual([]);
    });
  });

  describe('PUT /stripe/controls', () => {
    afterEach(async () => {
      await call('/stripe/controls', 'DELETE');
    });

    it('answers with the controls set, and DELETE resets them', async () => {
      expect(await json(await call('/stripe/controls', 'PUT', { failCheckouts: true }))).toEqual({ status: 200, body: { failCheckouts: true } });
      expect(await json(await call('/stripe/controls', 'DELETE'))).toEqual({ status: 200, body: { ok: true } });
      await expect(stripe.checkout.sessions.create(checkout('payment'))).resolves.toMatchObject({ status: 'open' });
    });

    it('answers 400 when failCheckouts is not a boolean', async () => {
      expect(await json(await call('/stripe/controls', 'PUT', { failCheckouts: 'yes' }))).toEqual({
        status: 400,
        body: { error: 'failCheckouts must be a boolean' },
      });
    });
  });

  describe('a redelivery later on', () => {
    let app: NestFastifyApplication;
    let now = Date.now();

    beforeAll(async () => {
      app = await createSandboxApp(testSandboxConfig({ billingWebhookUrl: receiver.url, billingWebhookSecret: WEBHOOK_SECRET }));
      app.get(Clock).now = () => now;
      await app.listen(0, '127.0.0.1');
    });

    afterAll(() => app.close());

    it('carries a fresh timestamp, so it still verifies after the first signature has expired', async () => {
      const port = (app.getHttpServer().address() as AddressInfo).port;
      const local = new Stripe('sk_test_sandbox', { host: '127.0.0.1', port, protocol: 'http' });
      const session = await local.checkout.sessions.create(checkout('payment'));
      const { eventId } = (await (await fetch(`http://127.0.0.1:${port}/stripe/checkout/${session.id}/complete`, { method: 'POST' })).json()) as {
        eventId: string;
      };
      const original = receiver.received.at(-1) as ReceivedWebhook;
      now += 600_000;

      await fetch(`http://127.0.0.1:${port}/stripe/events/${eventId}/redeliver`, { method: 'POST' });

      const again = receiver.received.at(-1) as ReceivedWebhook;
      const stamp = (received: ReceivedWebhook) => Number(/t=(\d+)/.exec(received.headers['billing-signature'] as string)?.[1]);
      expect(stamp(again) - stamp(original)).toBe(600);
      expect(again.body).toBe(original.body);
    });
  });
});
