// Provisioning benchmark (part of `npm run bench`, or alone: npm run bench:provision), per
// hosting adapter (docs/hosting.md): time from POST /api/agents/provision to `running` for
// BENCH_AGENTS agents (default 20) asked for at once, median and max; then, once they have been idle
// for BENCH_IDLE_SECONDS, the memory each runtime holds: the process's resident set with `local`, the
// container's cgroup memory with `docker` and `swarm` (what the engine's stats report).
//
//   BENCH_AGENTS             agents provisioned at once (default 20; 0 skips it in npm run bench)
//   BENCH_HOSTING_PROVIDERS  adapters to measure, in turn (default: local, plus docker when an engine
//                            answers, plus swarm when that engine is a swarm manager)
//   BENCH_IDLE_SECONDS       idle time before memory is read (default 10)
//   BENCH_DATABASE_URL       as in bench.mjs (platform_bench is dropped and migrated afresh per adapter)
//
// Services come from dist (built first, nx cached, unless bench.mjs already did); the container
// adapters run the platform image, (re)built first by scripts/images.mjs (layer-cached). Default
// waitForHealthy settings (poll every 2 s, 60 s timeout). Every agent is deleted at the end of each
// adapter's turn, which ends its runtime; services are stopped and the agents' data folder is removed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { call, sessionCookieFrom, sleep, waitUntil } from './http.mjs';
import { build, describeOutput, runToCompletion, startNode, stopAll } from './processes.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 23000, BACKEND_PORT: 24000, SUMMARIZER_PORT: 23100, SANDBOX_PORT: 24600, SANDBOX_SMTP_PORT: 22525 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const SERVICES = ['sandbox', 'identity', 'agents', 'gateway'];
const KEY = 'bench-agents-key';
const RUN_TIMEOUT_MS = 5 * 60_000;
const AGENT_DATA_DIR = path.join(os.tmpdir(), `platform-bench-agents-${process.pid}`);
/** The container adapters label what they make with it (DOCKER_SCOPE): this run's runtimes, and nobody else's. */
const DOCKER_SCOPE = `platform-bench-${process.pid}`;
const SCOPE_LABEL = 'io.platform.scope';
const MIB = 1024 ** 2;

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

function docker(args) {
  return spawnSync('docker', args, { encoding: 'utf8', env: { ...process.env, DOCKER_BUILDKIT: '0' } });
}

/** local always; docker when an engine answers; swarm when that engine is a swarm manager. */
function defaultProviders() {
  const info = docker(['info', '--format', '{{.Swarm.LocalNodeState}} {{.Swarm.ControlAvailable}}']);
  if (info.status !== 0) return ['local'];
  return info.stdout.trim() === 'active true' ? ['local', 'docker', 'swarm'] : ['local', 'docker'];
}

/** Bytes each runtime holds: the resident set of each local process, the cgroup memory of each container. */
function runtimeMemory(provider, instances) {
  if (provider === 'local') {
    return instances.map((instance) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${instance.pid}/status`, 'utf8'))[1]) * 1024);
  }
  const ids = docker(['ps', '-q', '--filter', `label=${SCOPE_LABEL}=${DOCKER_SCOPE}`]).stdout.split('\n').filter(Boolean);
  const stats = docker(['stats', '--no-stream', '--format', '{{.MemUsage}}', ...ids]);
  if (stats.status !== 0) throw new Error(`docker stats failed: ${stats.stderr.trim()}`);
  return stats.stdout.split('\n').filter(Boolean).map((line) => parseBytes(line.split('/')[0].trim()));
}

/** docker stats' human figures: 41.3MiB, 1.02GiB, 800KiB. */
function parseBytes(text) {
  const match = /^([\d.]+)\s*([KMG]?i?B)$/.exec(text);
  if (!match) throw new Error(`unexpected memory figure from docker stats: ${text}`);
  const unit = { B: 1, KiB: 1024, MiB: MIB, GiB: 1024 * MIB, kB: 1000, MB: 1e6, GB: 1e9 }[match[2]];
  return Number(match[1]) * unit;
}

async function main() {
  const count = setting('BENCH_AGENTS', 20, { integer: true });
  if (count > 100) throw new Error(`BENCH_AGENTS must be at most 100 (got ${count})`);
  const idleSeconds = setting('BENCH_IDLE_SECONDS', 10, { integer: true, allowZero: true });
  const providers = process.env.BENCH_HOSTING_PROVIDERS?.split(',').map((name) => name.trim()).filter(Boolean) ?? defaultProviders();
  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  await build('bench:provision');
  if (providers.some((provider) => provider !== 'local')) {
    await runToCompletion('images', process.execPath, [path.join(ROOT, 'scripts', 'images.mjs')], { cwd: ROOT, env: process.env, timeoutMs: 20 * 60_000 });
  }
  const results = [];
  for (const provider of providers) {
    results.push(await measure(provider, count, idleSeconds));
    await cleanUp();
  }
  console.log(`\nProvision to running, ${count} agents at once, and memory per idle runtime (${os.availableParallelism()} CPU cores)`);
  for (const result of results) {
    console.log(`  ${result.provider.padEnd(7)} median ${(result.medianMs / 1000).toFixed(2)} s, max ${(result.maxMs / 1000).toFixed(2)} s (min ${(result.minMs / 1000).toFixed(2)} s); idle memory median ${result.idleMemoryMiB} MiB, max ${result.idleMemoryMaxMiB} MiB`);
  }
  for (const result of results) console.log(`BENCH_PROVISION_RESULT ${JSON.stringify(result)}`);
}

async function measure(provider, count, idleSeconds) {
  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const databaseUrl = process.env.BENCH_DATABASE_URL || benchDatabaseUrl();
  const admin = `bench-agents-${randomBytes(4).toString('hex')}@bench.local`;
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
    ADMIN_EMAILS: admin,
    BACKEND_URL: BACKEND,
    AGENT_DATA_DIR,
    HOSTING_PROVIDER: provider,
    DOCKER_SCOPE,
  };
  await dropBenchDatabase(databaseUrl);
  // Rate-limit counters of an earlier run (register allows 5 an hour per address) must not refuse this one.
  await clearBenchKeys(env);
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: 120_000 });
  services = SERVICES.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env }));
  await waitUntil('agents over NATS (GET /health)', async () => (await request('GET', `${BACKEND}/health`)).json?.provisioning === 'enabled', services, 90_000);
  await waitUntil('identity over NATS (GET /api/auth/session)', async () => (await request('GET', `${WEB}/api/auth/session`)).status === 200, services, 90_000);

  const password = randomBytes(18).toString('base64url');
  const registered = await request('POST', `${WEB}/api/register`, { body: { email: admin, password } });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text.slice(0, 200)}`);
  const login = await request('POST', `${WEB}/api/auth/login`, { body: { email: admin, password } });
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

  console.log(`bench: provisioning ${count} agents at once (admin user, ${provider} hosting provider, ${os.availableParallelism()} CPU cores)...`);
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

  await sleep(idleSeconds * 1000);
  const listed = await request('GET', `${BACKEND}/api/agent-runtime/instances`, { bearer: true });
  if (listed.status !== 200) throw new Error(`GET /api/agent-runtime/instances answered ${listed.status}: ${listed.text.slice(0, 200)}`);
  const memory = runtimeMemory(provider, listed.json.instances.filter((instance) => instance.status === 'running'));
  if (memory.length !== count) throw new Error(`${memory.length} runtimes measured, ${count} expected`);

  const ms = timings.map((timing) => timing.ms);
  const result = {
    provider,
    agents: count,
    medianMs: Math.round(median(ms)),
    maxMs: Math.round(Math.max(...ms)),
    minMs: Math.round(Math.min(...ms)),
    idleMemoryMiB: Math.round(median(memory) / MIB),
    idleMemoryMaxMiB: Math.round(Math.max(...memory) / MIB),
  };
  console.log(`bench: ${provider}: median ${(result.medianMs / 1000).toFixed(2)} s, max ${(result.maxMs / 1000).toFixed(2)} s; idle memory median ${result.idleMemoryMiB} MiB`);
  if (process.env.BENCH_DEBUG) console.log(describeOutput(services[2], 400));
  return result;
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
  services = [];
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
