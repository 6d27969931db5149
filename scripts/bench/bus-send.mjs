// npm run bench:bus: signed agent messages accepted per second by POST /api/underground/bus/send,
// BENCH_SENDERS agents sending at once, each message's EIP-712 signature verified by the bus against
// the sender's agent wallet; then the time from a message's acceptance to its delivery at a live
// runtime webhook (a receiver in this script, answering 200 as an agent runtime would).
//
//   BENCH_BUS_MESSAGES   messages to send (default 2000)
//   BENCH_SENDERS        concurrent sending agents (default 20), each with its own wallet and owner
//   BENCH_DATABASE_URL   as in bench.mjs (platform_bench_bus is dropped and migrated afresh)
//
// Starts sandbox + identity + wallet + bus + gateway on their own ports with benchbus.-prefixed NATS
// subjects and benchbus:-prefixed Redis keys. This script stands in on NATS for billing's account
// query (every owner on the network plan: 10,000 A2A messages a day) and for the agents service's
// bus-endpoint query (every recipient's runtime is the receiver), so the bus is measured alone.
// Messages are signed by the wallet service before the clock starts; each one is sent from its own
// client IP, so the backend's per-IP limit is not what is measured.
import { createServer } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { percentile, timedPool, pool } from './concurrency.mjs';
import { call, clientIp } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13070, BACKEND_PORT: 14070, SUMMARIZER_PORT: 13170, SANDBOX_PORT: 14670 };
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const INTERNAL_KEY = 'bench-bus-key';
const BEARER = { authorization: `Bearer ${INTERNAL_KEY}` };
const RECIPIENTS = 20;
const SIGN_CONCURRENCY = 20;

/** A runtime webhook for every recipient: notes when each message arrived. */
async function receiver(arrived) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      arrived.set(JSON.parse(Buffer.concat(chunks).toString()).messageId, performance.now());
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/** Answers `subject` on NATS in the NestJS packet format, as the service it stands in for would. */
function answer(nats, prefix, subject, reply) {
  nats.subscribe(`${prefix}${subject}`, {
    callback: (error, message) => {
      if (error) return;
      const { id, data } = message.json();
      message.respond(JSON.stringify({ id, response: reply(data), isDisposed: true }));
    },
  });
}

async function ask(nats, prefix, subject, data) {
  const reply = await nats.request(`${prefix}${subject}`, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout: 5000 });
  return reply.json().response;
}

async function main() {
  const count = setting('BENCH_BUS_MESSAGES', 2000, { integer: true });
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const { SUBJECTS } = await import('@platform/contracts');
  const { connect } = await import('@nats-io/transport-node');
  const platform = {
    label: 'bench:bus', database: 'platform_bench_bus', prefix: 'benchbus', ports: PORTS, internalKey: INTERNAL_KEY,
    services: ['sandbox', 'identity', 'wallet', 'bus', 'gateway'],
    env: { SECRETS_KEY: randomBytes(32).toString('base64') },
    // Both refuse an empty body: they answer over NATS.
    ready: {
      what: 'wallet and bus over NATS (POST /api/underground/wallets and /api/underground/bus/send answer 400)',
      check: async () => (await call('POST', `${BACKEND}/api/underground/wallets`, { body: {}, headers: BEARER })).status === 400
        && (await call('POST', `${BACKEND}/api/underground/bus/send`, { body: {} })).status === 400,
    },
  };
  await withScenarioPlatform(platform, async ({ env }) => {
    const arrived = new Map();
    const runtime = await receiver(arrived);
    const nats = await connect({ servers: env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    try {
      const owners = new Map();
      answer(nats, env.NATS_PREFIX, SUBJECTS.billing.account, () => ({ plan: 'network', subscriptionStatus: 'active', byok: null }));
      answer(nats, env.NATS_PREFIX, SUBJECTS.agents.busEndpoint, ({ agentId }) => (owners.has(agentId)
        ? { agentId, userId: owners.get(agentId), status: 'running', runtimeUrl: runtime.url, gatewayToken: 'agt_bench' } : null));
      await nats.flush();

      console.log(`bench:bus: ${senders} sending agents with wallets, ${RECIPIENTS} recipients, signing ${count} messages...`);
      const agents = await pool(Array.from({ length: senders }, (_, index) => index), SIGN_CONCURRENCY, async (index) => {
        const agent = { agentId: randomUUID(), userId: randomUUID() };
        const made = await call('POST', `${BACKEND}/api/underground/wallets`, { body: agent, headers: { ...BEARER, 'x-forwarded-for': clientIp(index + 1) } });
        if (made.status !== 201) throw new Error(`agent wallet: ${made.status} ${made.text}`);
        owners.set(agent.agentId, agent.userId);
        return agent;
      });
      const recipients = Array.from({ length: RECIPIENTS }, () => randomUUID());
      for (const recipient of recipients) owners.set(recipient, randomUUID());
      const unsigned = Array.from({ length: count }, (_, index) => ({
        messageId: randomUUID(), action: 'BENCH_PING', from: agents[index % senders].agentId, to: recipients[index % RECIPIENTS],
        payload: JSON.stringify({ n: index }), timestamp: Math.floor(Date.now() / 1000),
      }));
      const messages = await pool(unsigned, SIGN_CONCURRENCY, async (message) => {
        const signed = await ask(nats, env.NATS_PREFIX, SUBJECTS.wallet.signAgentMessage, { agentId: message.from, message });
        return { ...message, signature: signed.signature };
      });

      console.log(`bench:bus: ${count} signed messages by ${senders} senders...`);
      const accepted = new Map();
      const sent = await timedPool(messages, senders, async (message, index) => {
        const answered = await call('POST', `${BACKEND}/api/underground/bus/send`, { body: message, headers: { 'x-forwarded-for': clientIp(100_000 + index) } });
        if (answered.status !== 200) return String(answered.status);
        accepted.set(message.messageId, performance.now());
        return null;
      });
      for (const started = performance.now(); arrived.size < accepted.size; await new Promise((resolve) => setTimeout(resolve, 50))) {
        if (performance.now() - started > 60_000) throw new Error(`${arrived.size} of ${accepted.size} accepted messages delivered after 60 s`);
      }
      const delivery = [...accepted].map(([messageId, at]) => arrived.get(messageId) - at);
      const result = {
        messages: count, senders,
        acceptedPerSec: sent.perSec, sendP50Ms: sent.p50Ms, sendP99Ms: sent.p99Ms,
        deliveryP50Ms: Math.round(percentile(delivery, 50)), deliveryP99Ms: Math.round(percentile(delivery, 99)),
        accepted: accepted.size, failed: sent.failed,
      };
      console.log(`\nSigned agent messages, ${senders} senders: ${result.acceptedPerSec} accepted/s (send p50 ${result.sendP50Ms} ms, p99 ${result.sendP99Ms} ms); accepted to delivered at the runtime p50 ${result.deliveryP50Ms} ms, p99 ${result.deliveryP99Ms} ms; ${accepted.size}/${count} accepted`);
      console.log(resultLine({ scenario: 'bus-send', ...result }));
      if (accepted.size !== count) throw new Error(`only ${accepted.size} of ${count} messages accepted: ${JSON.stringify(sent.failed)}`);
    } finally {
      await nats.close();
      runtime.server.close();
    }
  });
}

runScenario('bench:bus', main);
