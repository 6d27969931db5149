// npm run bench:billing: the processor's signed `checkout.session.completed` events delivered to
// POST /api/billing/webhook by BENCH_SENDERS concurrent senders, each event twice (a redelivery).
// Reports events/s with exactly-once effect (billing's rows and the plan-changed events counted
// after the run) and the time from a delivery to the plan showing in the user's GET /api/user.
//
//   BENCH_WEBHOOK_USERS   users paid for in the throughput phase (default 200; each event sent twice)
//   BENCH_LATENCY_USERS   users paid for one at a time per sender in the visibility phase (default 100)
//   BENCH_SENDERS         concurrent senders (default 20)
//   BENCH_DATABASE_URL    as in bench.mjs (platform_bench_billing is dropped and migrated afresh)
//
// Starts sandbox + identity + billing + gateway on their own ports with benchbill.-prefixed NATS
// subjects and benchbill:-prefixed Redis keys. Users register, sign in and open a checkout (so billing
// holds their account and processor customer); the events are then signed here with the webhook
// secret, as the processor signs them.
import { randomBytes } from 'node:crypto';
import { pool, percentile } from './concurrency.mjs';
import { call, clientIp, signedInUser } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13020, BACKEND_PORT: 14020, SUMMARIZER_PORT: 13120, SANDBOX_PORT: 14620 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SECRET = 'whsec_bench_billing';
const PREPARE_CONCURRENCY = 8;

/** A user with a billing account: registered, signed in, a checkout opened (which creates the processor customer). */
async function payingUser(index, run) {
  const ip = clientIp(index + 1);
  const { id, cookie } = await signedInUser(WEB, { email: `bench-billing-${run}-${index}@bench.local`, password: 'bench-password-123', ip });
  const checkout = await fetch(`${WEB}/api/billing-provider/checkout?plan=solo`, { redirect: 'manual', headers: { cookie, 'x-forwarded-for': ip } });
  const sessionId = /\/stripe\/checkout\/([^/?#]+)/.exec(checkout.headers.get('location') ?? '')?.[1];
  if (!sessionId) throw new Error(`checkout answered ${checkout.status} ${checkout.headers.get('location')}`);
  return { id, cookie, ip, sessionId };
}

function signedEvent(user) {
  const body = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), livemode: false,
    data: { object: { id: user.sessionId, object: 'checkout.session', mode: 'subscription', subscription: `sub_${randomBytes(8).toString('hex')}`, metadata: { type: 'subscription', userId: user.id, plan: 'solo' } } },
  });
  return { body, user };
}

async function post(Stripe, event) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: SECRET });
  const response = await fetch(`${WEB}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'billing-signature': signature }, body: event.body });
  await response.text();
  if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
}

async function main() {
  const users = setting('BENCH_WEBHOOK_USERS', 200, { integer: true });
  const latencyUsers = setting('BENCH_LATENCY_USERS', 100, { integer: true });
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const platform = {
    label: 'bench:billing', database: 'platform_bench_billing', prefix: 'benchbill', ports: PORTS, internalKey: 'bench-billing-key',
    services: ['sandbox', 'identity', 'billing', 'gateway'],
    env: {
      SECRETS_KEY: randomBytes(32).toString('base64'),
      BILLING_PROCESSOR_URL: `http://127.0.0.1:${PORTS.SANDBOX_PORT}`, BILLING_PROCESSOR_KEY: 'sk_test_bench', BILLING_WEBHOOK_SECRET: SECRET,
      SANDBOX_BILLING_WEBHOOK_URL: `${WEB}/api/billing/webhook`, SANDBOX_BILLING_WEBHOOK_SECRET: SECRET,
    },
    // Identity answers the session view; billing refuses an unsigned webhook (the gateway alone answers neither).
    ready: {
      what: 'identity and billing over NATS',
      check: async () => (await call('GET', `${WEB}/api/auth/session`)).status === 200 && (await call('POST', `${WEB}/api/billing/webhook`, { body: {} })).status === 400,
    },
  };
  await withScenarioPlatform(platform, async ({ env, databaseUrl }) => {
    const { streamEvents } = await import('@platform/testing');
    const { default: Stripe } = await import('stripe');
    const pg = (await import('pg')).default;
    const run = randomBytes(3).toString('hex');
    console.log(`bench:billing: preparing ${users + latencyUsers} paying users...`);
    const prepared = await pool(Array.from({ length: users + latencyUsers }, (_, index) => index), PREPARE_CONCURRENCY, (index) => payingUser(index, run));
    const throughputUsers = prepared.slice(0, users);
    const visibilityUsers = prepared.slice(users);

    // Throughput: every event twice, the copies far apart in the queue, so most duplicates arrive after their original committed.
    const events = throughputUsers.map((user) => signedEvent(user));
    const deliveries = [...events, ...events];
    console.log(`bench:billing: ${deliveries.length} deliveries of ${events.length} events by ${senders} senders...`);
    const started = performance.now();
    await pool(deliveries, senders, (event) => post(Stripe, event));
    const seconds = (performance.now() - started) / 1000;

    // Visibility: each sender delivers one event and polls the user's GET /api/user until the plan shows.
    const visible = await pool(visibilityUsers, senders, async (user) => {
      const event = signedEvent(user);
      const sent = performance.now();
      await post(Stripe, event);
      for (;;) {
        const answer = await call('GET', `${WEB}/api/user`, { headers: { cookie: user.cookie, 'x-forwarded-for': user.ip } });
        if (answer.json?.user?.plan === 'solo' && answer.json.user.subscriptionStatus === 'active') return performance.now() - sent;
        if (performance.now() - sent > 30_000) throw new Error(`plan of ${user.id} not visible after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });

    // Exactly once: one stored event, one subscription and one plan change per user, whatever was delivered twice.
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const count = async (sql) => Number((await database.query(sql)).rows[0].n);
    const stored = await count(`SELECT count(*) AS n FROM billing.webhook_events WHERE outcome = 'applied'`);
    const subscriptions = await count(`SELECT count(*) AS n FROM billing.subscriptions`);
    const paid = await count(`SELECT count(*) AS n FROM billing.accounts WHERE plan = 'solo' AND subscription_status = 'active'`);
    await database.end();
    const planChanged = (await streamEvents(env.NATS_URL ?? 'nats://127.0.0.1:4222', env.NATS_PREFIX, 'evt.billing.plan_changed')).length;
    const expected = users + latencyUsers;
    const result = {
      events: events.length,
      deliveries: deliveries.length,
      senders,
      eventsPerSec: Math.round(events.length / seconds),
      deliveriesPerSec: Math.round(deliveries.length / seconds),
      exactlyOnce: stored === expected && subscriptions === expected && paid === expected && planChanged === expected,
      counted: { stored, subscriptions, paid, planChanged, expected },
      visibleP50Ms: Math.round(percentile(visible, 50)),
      visibleP99Ms: Math.round(percentile(visible, 99)),
    };
    console.log(`\nBilling webhooks, ${senders} senders: ${result.eventsPerSec} events/s (${result.deliveriesPerSec} deliveries/s, every event twice); exactly once: ${result.exactlyOnce} ${JSON.stringify(result.counted)}`);
    console.log(`Delivery to plan visible in GET /api/user (${visible.length} users): p50 ${result.visibleP50Ms} ms, p99 ${result.visibleP99Ms} ms`);
    console.log(resultLine({ scenario: 'billing-webhooks', ...result }));
    if (!result.exactlyOnce) throw new Error('effects were not exactly once');
  });
}

runScenario('bench:billing', main);
