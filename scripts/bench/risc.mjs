// npm run bench:risc: security event tokens (sessions-revoked, users matched by email) POSTed to
// /api/security/risc by BENCH_SENDERS concurrent senders. Reports events accepted per second (202)
// the rate at which the worker has ended those sessions, and, with no backlog, the time from a
// delivery to the user's session being refused (its next request is 401).
//
//   BENCH_RISC_EVENTS         events in the throughput phase (default 400, one user each)
//   BENCH_RISC_LATENCY_USERS  users revoked one at a time per sender in the latency phase (default 100)
//   BENCH_SENDERS             concurrent senders (default 20)
//   BENCH_DATABASE_URL        as in bench.mjs (platform_bench_risc is dropped and migrated afresh)
//
// Starts sandbox + identity + gateway on their own ports with benchrisc.-prefixed NATS subjects and
// benchrisc:-prefixed Redis keys. The tokens are signed by the sandbox identity provider's hook
// (POST /idp/risc/sign) before the clock starts, as the provider would have signed them.
import { randomBytes } from 'node:crypto';
import { pool, percentile } from './concurrency.mjs';
import { call, clientIp, signedInUser } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13040, BACKEND_PORT: 14040, SUMMARIZER_PORT: 13140, SANDBOX_PORT: 14640 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const PREPARE_CONCURRENCY = 8;

/** A signed-in user and the security event that will end their sessions. */
async function revocableUser(index, run) {
  const ip = clientIp(index + 1);
  const email = `bench-risc-${run}-${index}@bench.local`;
  const { cookie } = await signedInUser(WEB, { email, password: 'bench-password-123', ip });
  const signed = await call('POST', `${SANDBOX}/idp/risc/sign`, { body: { events: { 'sessions-revoked': {} }, email } });
  if (signed.status !== 200) throw new Error(`signing answered ${signed.status}: ${signed.text.slice(0, 200)}`);
  return { email, cookie, ip, jwt: signed.json.jwt };
}

async function post(jwt) {
  const response = await fetch(`${WEB}/api/security/risc`, { method: 'POST', headers: { 'content-type': 'application/secevent+jwt' }, body: jwt });
  await response.text();
  if (response.status !== 202) throw new Error(`receiver answered ${response.status}`);
}

async function main() {
  const eventCount = setting('BENCH_RISC_EVENTS', 400, { integer: true });
  const latencyUsers = setting('BENCH_RISC_LATENCY_USERS', 100, { integer: true });
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const platform = {
    label: 'bench:risc', database: 'platform_bench_risc', prefix: 'benchrisc', ports: PORTS, internalKey: 'bench-risc-key',
    services: ['sandbox', 'identity', 'gateway'],
    env: {
      SECRETS_KEY: randomBytes(32).toString('base64'),
      IDP_ISSUER: `${SANDBOX}/idp/`, IDP_CLIENT_ID: 'sandbox-idp-client', IDP_CLIENT_SECRET: 'sandbox-idp-secret',
    },
    ready: { what: 'identity over NATS (GET /api/security/risc answers 200)', check: async () => (await call('GET', `${WEB}/api/security/risc`)).status === 200 },
  };
  await withScenarioPlatform(platform, async () => {
    const run = randomBytes(3).toString('hex');
    console.log(`bench:risc: preparing ${eventCount + latencyUsers} signed-in users and their events...`);
    const prepared = await pool(Array.from({ length: eventCount + latencyUsers }, (_, index) => index), PREPARE_CONCURRENCY, (index) => revocableUser(index, run));
    const throughputUsers = prepared.slice(0, eventCount);
    const latencyGroup = prepared.slice(eventCount);

    console.log(`bench:risc: ${throughputUsers.length} events by ${senders} senders...`);
    const started = performance.now();
    await pool(throughputUsers, senders, (user) => post(user.jwt));
    const seconds = (performance.now() - started) / 1000;

    // The worker acts on events one by one after the 202s: wait until every throughput user's session is
    // refused, so the latency phase does not queue behind that backlog (and its end is the processing rate).
    await pool(throughputUsers, senders, async (user) => {
      for (;;) {
        if ((await call('GET', `${WEB}/api/keys`, { headers: { cookie: user.cookie, 'x-forwarded-for': user.ip } })).status === 401) return;
        if (performance.now() - started > 120_000) throw new Error(`session of ${user.email} still valid after 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const drainedSeconds = (performance.now() - started) / 1000;

    // Each sender delivers one event and polls the user's session until it is refused.
    const gone = await pool(latencyGroup, senders, async (user) => {
      const headers = { cookie: user.cookie, 'x-forwarded-for': user.ip };
      if ((await call('GET', `${WEB}/api/keys`, { headers })).status !== 200) throw new Error(`session of ${user.email} not valid before its event`);
      const sent = performance.now();
      await post(user.jwt);
      for (;;) {
        if ((await call('GET', `${WEB}/api/keys`, { headers })).status === 401) return performance.now() - sent;
        if (performance.now() - sent > 30_000) throw new Error(`session of ${user.email} still valid after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });

    const result = {
      events: throughputUsers.length,
      senders,
      acceptedPerSec: Math.round(throughputUsers.length / seconds),
      sessionsGoneP50Ms: Math.round(percentile(gone, 50)),
      sessionsGoneP99Ms: Math.round(percentile(gone, 99)),
      actedOnPerSec: Math.round(throughputUsers.length / drainedSeconds),
    };
    console.log(`\nRISC receiver, ${senders} senders: ${result.acceptedPerSec} events accepted/s (202); all ${result.events} users' sessions gone at ${result.actedOnPerSec} events/s`);
    console.log(`Delivery to session refused (${gone.length} users): p50 ${result.sessionsGoneP50Ms} ms, p99 ${result.sessionsGoneP99Ms} ms`);
    console.log(resultLine({ scenario: 'risc', ...result }));
  });
}

runScenario('bench:risc', main);
