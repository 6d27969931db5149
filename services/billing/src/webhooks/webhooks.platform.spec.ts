import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BILLING_EVENT_TYPES as TYPES, BILLING_SIGNATURE_HEADER, EVENTS, type EventSubject } from '@platform/contracts';
import { OpsEndpoint } from '@platform/ops';
import { ScrapedMetrics, streamEvents, TestPlatform, waitUntil, type TestUser } from '@platform/testing';
import { deliver, processorEvent, signatureOf } from '../testing/signed-events.js';

describe('payment webhooks (POST /api/billing/webhook)', () => {
  let platform: TestPlatform;
  let database: pg.Client;
  let secret: string;

  const rows = async (sql: string, values: unknown[] = []) => (await database.query(sql, values)).rows as Array<Record<string, any>>;
  const account = async (userId: string) => (await rows('SELECT * FROM billing.accounts WHERE user_id = $1', [userId]))[0]!;
  const published = <S extends EventSubject>(subject: S) => streamEvents(platform.env.NATS_URL!, platform.env.NATS_PREFIX!, subject);
  const planChanges = async (userId: string) => (await published(EVENTS.billing.planChanged)).filter((event) => event.userId === userId).length;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'usage'] });
    secret = platform.env.BILLING_WEBHOOK_SECRET!;
    database = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await platform?.close();
  });

  describe('signature', () => {
    const body = JSON.stringify(processorEvent(TYPES.invoicePaymentFailed, { id: 'in_1', object: 'invoice' }));
    const post = (headers: Record<string, string>) => platform.web().post('/api/billing/webhook', body, { 'content-type': 'application/json', ...headers });

    it.each([
      ['missing', {}],
      ['wrong secret', { [BILLING_SIGNATURE_HEADER]: signatureOf(body, 'whsec_someone_else') }],
      ['without a v1 part', { [BILLING_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)}` }],
      ['garbage', { [BILLING_SIGNATURE_HEADER]: 't=1,v1=deadbeef' }],
    ])('%s: 400 Invalid signature', async (_case, headers) => {
      const response = await post(headers);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid signature' });
    });

    it('expired: a right signature made 301 s ago is 400', async () => {
      const response = await post({ [BILLING_SIGNATURE_HEADER]: signatureOf(body, secret, Math.floor(Date.now() / 1000) - 301) });
      expect(response.status).toBe(400);
    });

    it('a body changed after signing is 400', async () => {
      const response = await platform.web().post('/api/billing/webhook', body.replace('in_1', 'in_2'), {
        'content-type': 'application/json', [BILLING_SIGNATURE_HEADER]: signatureOf(body, secret),
      });
      expect(response.status).toBe(400);
    });
  });

  describe('subscription lifecycle through the sandbox processor', () => {
    let user: TestUser;
    let subscriptionId: string;

    beforeAll(async () => {
      user = await platform.newUser();
      subscriptionId = await platform.setPlan(user, 'solo');
    });

    it('checkout completed: plan solo, active, everywhere identity answers', async () => {
      const key = (await user.client.post('/api/keys', { name: 'ci' })).body.key as string;
      expect((await user.client.get('/api/user')).body.user).toMatchObject({ plan: 'solo', subscriptionStatus: 'active' });
      expect((await platform.web().post('/api/keys/validate', { apiKey: key })).body).toMatchObject({ valid: true, plan: 'solo', subscriptionStatus: 'active' });
      expect((await platform.backend().post('/api/validate-key', {}, { authorization: `Bearer ${key}` })).body).toMatchObject({ plan: 'solo' });
      expect((await user.client.get('/api/billing')).body).toMatchObject({ currentPlan: 'solo', subscriptionStatus: 'active' });
    });

    it('a failed renewal is past_due, a paid one active again', async () => {
      expect((await platform.payments.failRenewal(subscriptionId)).delivered).toBe(200);
      await platform.waitForPlan(user, 'solo', 'past_due');
      expect((await platform.payments.payRenewal(subscriptionId)).delivered).toBe(200);
      await platform.waitForPlan(user, 'solo', 'active');
    });

    it('a deleted event older than the last update does not win; a newer one does', async () => {
      const now = Math.floor(Date.now() / 1000);
      const subscription = { id: subscriptionId, object: 'subscription', customer: (await account(user.id)).customer_id, metadata: {} };
      expect((await deliver(platform.web(), secret, processorEvent(TYPES.subscriptionUpdated, { ...subscription, status: 'active' }, now + 20))).status).toBe(200);
      expect((await deliver(platform.web(), secret, processorEvent(TYPES.subscriptionDeleted, { ...subscription, status: 'canceled' }, now + 10))).status).toBe(200);
      expect(await account(user.id)).toMatchObject({ plan: 'solo', subscription_status: 'active' });
      expect((await deliver(platform.web(), secret, processorEvent(TYPES.subscriptionDeleted, { ...subscription, status: 'canceled' }, now + 30))).status).toBe(200);
      // Canceled keeps the plan (docs/spec-decisions.md): paying again restores it.
      await platform.waitForPlan(user, 'solo', 'canceled');
      expect((await rows('SELECT outcome FROM billing.webhook_events WHERE created = $1', [now + 10]))[0]).toEqual({ outcome: 'stale' });
    });

    it('a new checkout after cancelling makes its subscription the current one', async () => {
      await platform.setPlan(user, 'network');
      expect((await user.client.get('/api/billing')).body).toMatchObject({ currentPlan: 'network', subscriptionStatus: 'active' });
    });
  });

  describe('each event acts once', () => {
    it('the same event delivered again changes nothing and is answered 200', async () => {
      const user = await platform.newUser();
      const checkout = await platform.checkoutUrl(user, 'collective');
      const paid = await platform.payments.complete(checkout);
      await platform.waitForPlan(user, 'collective', 'active');
      expect((await platform.payments.redeliver(paid.eventId)).delivered).toBe(200);
      expect(await planChanges(user.id)).toBe(1);
      expect(await rows('SELECT id FROM billing.webhook_events WHERE id = $1', [paid.eventId])).toHaveLength(1);
    });

    it('concurrent duplicate deliveries of a credit pack add its credits once', async () => {
      const user = await platform.newUser();
      const bought = await user.client.post('/api/billing', { action: 'buy-credits', pack: '200' });
      const session = { id: `cs_${randomUUID()}`, object: 'checkout.session', metadata: { type: 'credit_pack', userId: user.id, pack: '200', credits: '15' } };
      const event = processorEvent(TYPES.checkoutCompleted, session);
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(platform.web(), secret, event)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(bought.body.credits).toBe(15);
      expect((await user.client.get('/api/billing')).body.credits).toBe(15);
    });

    it('credits come once per payment even when two events carry the same checkout', async () => {
      const user = await platform.newUser();
      await user.client.post('/api/billing', { action: 'buy-credits', pack: '50' });
      const session = { id: `cs_${randomUUID()}`, object: 'checkout.session', metadata: { type: 'credit_pack', userId: user.id, pack: '50', credits: '5' } };
      await deliver(platform.web(), secret, processorEvent(TYPES.checkoutCompleted, session));
      await deliver(platform.web(), secret, processorEvent(TYPES.checkoutCompleted, session));
      expect((await user.client.get('/api/billing')).body.credits).toBe(5);
    });
  });

  it('counts each event by type and outcome on billing\'s ops port, redeliveries and refusals apart', async () => {
    const scrape = () => ScrapedMetrics.of(platform.provider('billing', OpsEndpoint).url!);
    const before = await scrape();
    const event = processorEvent('charge.dispute.created', { id: 'dp_1', object: 'dispute' });

    await deliver(platform.web(), secret, event);
    await deliver(platform.web(), secret, event);
    await platform.web().post('/api/billing/webhook', JSON.stringify(event), { 'content-type': 'application/json', [BILLING_SIGNATURE_HEADER]: 't=1,v1=deadbeef' });

    const after = await scrape();
    const moved = (labels: Record<string, string>) => after.value('webhook_events_total', labels) - before.value('webhook_events_total', labels);
    expect(moved({ source: 'payments', type: 'charge.dispute.created', outcome: 'ignored' })).toBe(1);
    expect(moved({ source: 'payments', type: 'charge.dispute.created', outcome: 'duplicate' })).toBe(1);
    expect(moved({ source: 'payments', type: 'unverified', outcome: 'refused' })).toBe(1);
  });

  describe('events nobody can act on are kept', () => {
    it.each([
      ['an unknown user', TYPES.checkoutCompleted, { id: 'cs_x', object: 'checkout.session', subscription: 'sub_x', metadata: { type: 'subscription', userId: randomUUID(), plan: 'solo' } }, 'unknown_user'],
      ['an unknown customer', TYPES.subscriptionDeleted, { id: 'sub_nobody', object: 'subscription', customer: 'cus_nobody', status: 'canceled', metadata: {} }, 'unknown_user'],
      ['a type billing does not handle', 'charge.refunded', { id: 'ch_1', object: 'charge' }, 'ignored'],
      ['a handled type without its object', TYPES.subscriptionUpdated, null, 'ignored'],
    ])('%s: 200, stored with outcome %s', async (_case, type, object, outcome) => {
      const event = processorEvent(type, object);
      expect((await deliver(platform.web(), secret, event)).status).toBe(200);
      expect(await rows('SELECT outcome FROM billing.webhook_events WHERE id = $1', [event.id])).toEqual([{ outcome: expect.stringMatching(outcome as string) }]);
    });
  });

  it('a wallet top-up payment goes out as the wallet top-up event', async () => {
    const walletAddress = `0x${'ab'.repeat(20)}`;
    const session = { id: `cs_${randomUUID()}`, object: 'checkout.session', metadata: { type: 'wallet_top_up', walletAddress, amountCents: '2500' } };
    expect((await deliver(platform.web(), secret, processorEvent(TYPES.checkoutCompleted, session))).status).toBe(200);
    const topUps = await waitUntil('top-up event', () => published(EVENTS.billing.walletTopUpPaid), (found) => found.length > 0);
    expect(topUps).toEqual([expect.objectContaining({ sessionId: session.id, walletAddress, amountCents: 2500 })]);
  });
});
