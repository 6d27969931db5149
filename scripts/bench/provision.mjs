// Provisioning benchmark (the last part of `npm run bench`, or alone: node scripts/bench/provision.mjs):
// time from POST /api/agents/provision to `running` for BENCH_AGENTS agents (default 20) asked for
// at once, each a real agent-runtime process of the local hosting provider. Prints median and max.
//
//   BENCH_AGENTS        agents provisioned at once (default 20; 0 skips it in npm run bench)
//   BENCH_DATABASE_URL  as in bench.mjs (platform_bench is dropped and migrated afresh)
//
// Services come from dist (built first, nx cached, unless bench.mjs already did); default
// waitForHealthy settings (poll every 2 s, 60 s timeout). Every agent is deleted at the end, which
// ends its process; services are stopped and the agents' data folder is removed.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { call, sessionCookieFrom, waitUntil } from './http.mjs';
import { build, describeOutput, runToCompletion, startNode, stopAll } from './processes.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 23000, BACKEND_PORT: 24000, SUMMARIZER_PORT: 23100, SANDBOX_PORT: 24600, SANDBOX_SMTP_PORT: 22525 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const SERVICES = ['sandbox', 'identity', 'agents', 'gateway'];
const KEY = 'bench-agents-key';
const ADMIN = `bench-agents-${randomBytes(4).toString('hex')}@bench.local`;
const RUN_TIMEOUT_MS = 5 * 60_000;
const AGENT_DATA_DIR = path.join(os.tmpdir(), `platform-bench-agents-${process.pid}`);

let services = [];

/** Each call from its own client address (TRUST_PROXY on): provisioning is limited to 5 a minute per IP. */
function request(method, url, { body, cookie, ip = '10.9.0.1', bearer = false } = {}) {
  return call(method, url, {
    body,
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}), ...(bearer ? { authorization: `Bearer ${KEY}` } : {}) },
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main() {
  const count = setting('BENCH_AGENTS', 20, { integer: true });
  if (count > 100) throw new Error(`BENCH_AGENTS must be at most 100 (got ${count})`);
  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  await build('bench:provision');
  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const databaseUrl = process.env.BENCH_DATABASE_URL || benchDatabaseUrl();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NATS_PREFIX: 'benchagents.',
    REDIS_PREFIX: 'benchagents:',
    LOG_LEVEL: process.env.BENCH_DEBUG ? 'info' : 'warn',
    ...Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port)])),
    SMTP_URL: `smtp://127.0.0.1:${PORTS.SANDBOX_SMTP_PORT}`,
    BOT_CHECK_SECRET: '',
    BOT_CHECK_VERIFY_URL: `http://127.0.0.1:${PORTS.SANDBOX_PORT}/bot-check/siteverify`,
    INTERNAL_API_KEY: KEY,
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: ADMIN,
    BACKEND_URL: BACKEND,
    AGENT_DATA_DIR,
  };
  await dropBenchDatabase(databaseUrl);
  // Rate-limit counters of an earlier run (register allows 5 an hour per address) must not refuse this one.
  await clearBenchKeys(env);
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: 120_000 });
  services = SERVICES.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env }));
  await waitUntil('agents over NATS (GET /health)', async () => (await request('GET', `${BACKEND}/health`)).json?.provisioning === 'enabled', services, 90_000);
  await waitUntil('identity over NATS (GET /api/auth/session)', async () => (await request('GET', `${WEB}/api/auth/session`)).status === 200, services, 90_000);

  const password = randomBytes(18).toString('base64url');
  const registered = await request('POST', `${WEB}/api/register`, { body: { email: ADMIN, password } });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text.slice(0, 200)}`);
  const login = await request('POST', `${WEB}/api/auth/login`, { body: { email: ADMIN, password } });
  const cookie = sessionCookieFrom(login.headers);
  if (!cookie) throw new Error(`login answered ${login.status}: ${login.text.slice(0, 200)}`);

  // Running is timed by the agents service's own event, heard on NATS the moment it is published.
  const { EVENTS } = await import('@platform/contracts');
  const { connect } = await import('@nats-io/transport-node');
  const nats = await connect({ servers: env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  const reached = new Map();
  const waiters = new Map();
  nats.subscribe(`${env.NATS_PREFIX}${EVENTS.agents.statusChanged}`, {
    callback: (error, message) => {
      if (error) return;
      const event = message.json();
      if (event.status !== 'running' && event.status !== 'error') return;
      reached.set(event.agentId, { at: performance.now(), event });
      waiters.get(event.agentId)?.();
    },
  });
  await nats.flush();

  console.log(`bench: provisioning ${count} agents at once (admin user, local hosting provider, ${os.availableParallelism()} CPU cores)...`);
  const timings = await Promise.all(Array.from({ length: count }, async (_, index) => {
    const asked = performance.now();
    const response = await request('POST', `${WEB}/api/agents/provision`, { body: { name: `bench-${index}` }, cookie, ip: `10.9.1.${index + 1}` });
    if (response.status !== 201) throw new Error(`provision ${index} answered ${response.status}: ${response.text.slice(0, 200)}`);
    const id = response.json.agent.id;
    if (!reached.has(id)) {
      await new Promise((resolve, reject) => {
        waiters.set(id, resolve);
        setTimeout(() => reject(new Error(`agent ${index} not running after ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS).unref();
      });
    }
    const { at, event } = reached.get(id);
    if (event.status === 'error') throw new Error(`agent ${index} failed: ${event.reason}`);
    return { id, ms: at - asked };
  }));
  await nats.close();
  const ms = timings.map((timing) => timing.ms);
  const result = { agents: count, medianMs: Math.round(median(ms)), maxMs: Math.round(Math.max(...ms)), minMs: Math.round(Math.min(...ms)) };
  console.log(`\nProvision to running, ${count} agents at once: median ${(result.medianMs / 1000).toFixed(2)} s, max ${(result.maxMs / 1000).toFixed(2)} s (min ${(result.minMs / 1000).toFixed(2)} s)`);
  if (process.env.BENCH_DEBUG) console.log(describeOutput(services[2], 400));
  console.log(`BENCH_PROVISION_RESULT ${JSON.stringify(result)}`);
}

async function clearBenchKeys(env) {
  const { deleteEventStream, deleteRedisKeys } = await import('@platform/testing');
  await deleteRedisKeys(env.REDIS_PREFIX);
  await deleteEventStream(env.NATS_PREFIX);
}

/** Agent runtimes are detached from the agents service: deleting every agent is what ends them. */
async function deleteAgents() {
  const listed = await request('GET', `${BACKEND}/api/agents`, { bearer: true }).catch(() => null);
  await Promise.all((Array.isArray(listed?.json) ? listed.json : []).map((agent) => request('DELETE', `${BACKEND}/api/agents/${agent.id}`, { bearer: true }).catch(() => null)));
}

/** Runs after every agent and service has stopped, so no runtime writes into the folder any more. */
async function cleanUp() {
  await deleteAgents();
  await stopAll();
  await rm(AGENT_DATA_DIR, { recursive: true, force: true, maxRetries: 3 });
}

main().then(
  async () => {
    await cleanUp();
    process.exit(0);
  },
  async (error) => {
    console.error(`bench: ${error.message}`);
    for (const service of services) console.error(describeOutput(service));
    await cleanUp();
    process.exit(1);
  },
);
