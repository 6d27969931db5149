// npm run bench: requests/s and p50/p99 latency of the gateway's web surface, next to a bare Fastify
// route in a plain process (the ceiling), with autocannon on loopback.
//
//   BENCH_DURATION     seconds per scenario (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 20)
//   BENCH_WARMUP       seconds of unmeasured load before each scenario (default 1, 0 = none)
//   BENCH_AGENTS       agents for the provisioning scenario (default 20, 0 = skip; scripts/bench/provision.mjs)
//   BENCH_CPU_PROF_DIR when set, every service started writes a CPU profile (node --cpu-prof) there
//   BENCH_EDGE_ONLY    1 = the four edge scenarios only (ceiling, health, session, keys), none of SCENARIOS below
//   BENCH_GATEWAY_HOSTS identity (or ai-gateway,identity): the gateway hosts identity in its process (with
//                      COALESCE_WRITES=false, as docs/operations.md advises), so the session and key routes
//                      make no NATS hop; the identity process still runs, for everyone else
//   BENCH_DATABASE_URL benchmark database (default postgres://postgres@<infra host>:5432/platform_bench;
//                      a database named platform_bench is dropped and migrated afresh on every run)
//
// Steps: infrastructure (scripts/infra), build (nx, cached), migrate the benchmark database, start
// sandbox + identity + gateway as child processes on their own ports with bench.-prefixed NATS
// subjects and bench:-prefixed Redis keys, register + log in one user, then the four scenarios.
// Every child is stopped at the end, on failure and on SIGINT/SIGTERM; a watchdog bounds the run.
// Then, with those stopped, the SCENARIOS below one by one, each booting its own platform with its own
// settings (see the head of each file): provisioning, AI chat, usage writes, watchdog checks, faults.
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureInfrastructure, ensureInstalled, ROOT } from './lib.mjs';
import { call, sessionCookieFrom, waitUntil } from './bench/http.mjs';
import { gatewayHosting } from './bench/platform-env.mjs';
import { build, describeOutput, profileArgs, runToCompletion, startNode, stop, stopAll } from './bench/processes.mjs';
import { ratios, ratioTable, resultLine, resultsTable } from './bench/report.mjs';
import { setting } from './bench/settings.mjs';

// --- settings -------------------------------------------------------------------------------------

const PORTS = { WEB_PORT: 13000, BACKEND_PORT: 14000, SUMMARIZER_PORT: 13100, SANDBOX_PORT: 14600, SANDBOX_SMTP_PORT: 12525 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SESSION_CACHE_TTL_MS = '5000'; // the gateway's default, set explicitly so a stray env var cannot change it
const SERVICES = ['sandbox', 'identity', 'gateway'];

const BOOT_TIMEOUT_MS = 90_000;
const MIGRATE_TIMEOUT_MS = 120_000;

/**
 * Scenarios that boot their own platform (ports, prefixes, database), run one after another once the
 * edge scenarios above are done: scripts/bench/<file>, each with its own time limit.
 */
const SCENARIOS = [
  { file: 'provision.mjs', title: 'provisioning 20 agents at once and memory per idle agent, per hosting adapter', timeoutMs: 20 * 60_000, skip: process.env.BENCH_AGENTS === '0' },
  { file: 'ai-chat.mjs', title: 'AI chat at a fixed upstream latency', timeoutMs: 6 * 60_000 },
  { file: 'usage-worker.mjs', title: 'usage events written per second', timeoutMs: 5 * 60_000 },
  { file: 'watchdog.mjs', title: 'watchdog check throughput', timeoutMs: 5 * 60_000 },
  { file: 'billing-webhooks.mjs', title: 'payment webhooks: throughput, exactly once, time to plan visible', timeoutMs: 5 * 60_000 },
  { file: 'wallet-auth.mjs', title: 'wallet sign-ins verified per second (EOA, ERC-6492)', timeoutMs: 5 * 60_000 },
  { file: 'wallet-balances.mjs', title: 'wallet balances read per second, with and without the cache', timeoutMs: 6 * 60_000 },
  { file: 'wallet-splits.mjs', title: 'royalty splits settled per second, 3 recipients each', timeoutMs: 6 * 60_000 },
  { file: 'bus-send.mjs', title: 'signed agent messages accepted per second, and delivered to a runtime', timeoutMs: 5 * 60_000 },
  { file: 'risc.mjs', title: 'security events: accepted per second, time until sessions are gone', timeoutMs: 5 * 60_000 },
  { file: 'scheduler-ticks.mjs', title: 'scheduled tasks: 10,000 every minute, runs started per second and lag behind the tick', timeoutMs: 6 * 60_000 },
  { file: 'feeds-summarizer.mjs', title: 'summarize requests per second on a 200 kB page, and cached feed reads per second', timeoutMs: 5 * 60_000 },
  { file: 'metrics-explorer.mjs', title: 'historical metrics over a month of per-minute samples of 100 agents, and a 10,000-file workspace tree', timeoutMs: 8 * 60_000 },
  { file: 'media.mjs', title: 'streaming webhooks processed per second, and seconds to generate each video type', timeoutMs: 6 * 60_000 },
  { file: 'observability.mjs', title: 'the cost of metrics and tracing: AI chat and GET /api/keys with both on against off', timeoutMs: 8 * 60_000 },
  { file: 'faults.mjs', title: 'Redis, NATS and PostgreSQL killed under chat load', timeoutMs: 5 * 60_000 },
  { file: 'web.mjs', title: 'the dashboard\'s first load: JS and CSS bytes (gzip) and time to interactive in Chromium', timeoutMs: 5 * 60_000 },
].filter((scenario) => !scenario.skip && process.env.BENCH_EDGE_ONLY !== '1');

// --- lifecycle ------------------------------------------------------------------------------------

let shuttingDown = false;
/** Services once started, so a failure report can show what they wrote. */
let started = [];

async function shutdown(code, reason) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (reason) console.error(`bench: ${reason}`);
  setTimeout(() => process.exit(code), 15_000); // stopAll is bounded already; this is the backstop
  await stopAll().catch(() => {});
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(130, 'interrupted (SIGINT), stopping children'));
process.on('SIGTERM', () => void shutdown(143, 'terminated (SIGTERM), stopping children'));

// --- helpers --------------------------------------------------------------------------------------

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

const request = (method, url, { body, cookie } = {}) => call(method, url, { body, headers: cookie ? { cookie } : {}, timeoutMs: 10_000 });

/** Register 5/hour and login 10/min per IP: when an earlier run used them up, reset only our bench: counters. */
async function resetBenchRateLimit(redisUrl, group) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  try {
    await redis.connect();
    const removed = await redis.del(`bench:rl:${group}:127.0.0.1`, `bench:rl:${group}:::ffff:127.0.0.1`);
    console.log(`  rate limit "${group}" was used up by earlier runs: reset ${removed} bench:rl:${group} counter(s) (bench: keys only)`);
  } finally {
    redis.disconnect();
  }
}

async function postWithLimitReset(url, body, group, redisUrl) {
  let response = await request('POST', url, { body });
  if (response.status === 429) {
    await resetBenchRateLimit(redisUrl, group);
    response = await request('POST', url, { body });
  }
  return response;
}

/** One benchmark user: registered, logged in, with one API key so GET /api/keys lists a row. */
async function benchUser(redisUrl) {
  const email = `bench-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@bench.local`;
  const password = randomBytes(18).toString('base64url');
  const registered = await postWithLimitReset(`${WEB}/api/register`, { email, password, name: 'Bench User' }, 'register', redisUrl);
  if (registered.status !== 201 && registered.status !== 200) {
    throw new Error(`POST /api/register answered ${registered.status}: ${registered.text.slice(0, 300)}`);
  }
  const login = await postWithLimitReset(`${WEB}/api/auth/login`, { email, password }, 'login', redisUrl);
  const cookie = sessionCookieFrom(login.headers);
  if (login.status !== 200 || !cookie) throw new Error(`POST /api/auth/login answered ${login.status} ${cookie ? '' : 'without a session cookie'}: ${login.text.slice(0, 300)}`);
  const key = await request('POST', `${WEB}/api/keys`, { body: { name: 'bench' }, cookie });
  if (key.status !== 201 && key.status !== 200) throw new Error(`POST /api/keys answered ${key.status}: ${key.text.slice(0, 300)}`);
  return { email, cookie };
}

/** The session must still resolve to the user, and keys must still list (checked before and after the load). */
async function checkAuthenticated(cookie, email) {
  const session = await request('GET', `${WEB}/api/auth/session`, { cookie });
  if (session.status !== 200 || session.json?.user?.email !== email) {
    throw new Error(`GET /api/auth/session with the cookie answered ${session.status}: ${session.text.slice(0, 300)}`);
  }
  const keys = await request('GET', `${WEB}/api/keys`, { cookie });
  if (keys.status !== 200) throw new Error(`GET /api/keys with the cookie answered ${keys.status}: ${keys.text.slice(0, 300)}`);
  return { session: session.text.length, keys: keys.text.length };
}

function startCeiling(env) {
  const ceiling = startNode('ceiling', path.join(ROOT, 'scripts', 'bench', 'ceiling-server.mjs'), { cwd: ROOT, env: { ...env, PORT: '0' } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error('ceiling server did not start within 15 s'), { services: [ceiling] })), 15_000);
    ceiling.child.on('message', (message) => {
      if (message?.ready) {
        clearTimeout(timer);
        resolve({ handle: ceiling, url: `http://127.0.0.1:${message.port}/` });
      }
    });
    ceiling.exitPromise.then((exit) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`ceiling server exited (${exit.code ?? exit.signal})`), { services: [ceiling] }));
    });
  });
}

/** A pino line below warn (services print their start lines at info whatever LOG_LEVEL says). */
function isInfoLine(line) {
  try {
    return JSON.parse(line).level < 40;
  } catch {
    return false;
  }
}

const round = (value, digits) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

// --- main -----------------------------------------------------------------------------------------

async function main() {
  const durationSec = setting('BENCH_DURATION', 10, { integer: true });
  const connections = setting('BENCH_CONNECTIONS', 20, { integer: true });
  const warmupSec = setting('BENCH_WARMUP', 1, { integer: true, allowZero: true });
  console.log(`bench: ${durationSec} s per scenario (+${warmupSec} s warm-up), ${connections} connections, autocannon on loopback; load average now ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

  console.log('bench: infrastructure (scripts/infra)...');
  ensureInstalled();
  // Loaded after the install step: they need packages a fresh clone does not have yet.
  const { benchDatabaseUrl, dropBenchDatabase } = await import('./bench/database.mjs');
  const { load } = await import('./bench/load.mjs');
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');

  await build('bench');

  // Everything after the build is bounded as a whole too.
  const scenariosMs = SCENARIOS.reduce((total, scenario) => total + scenario.timeoutMs, 0);
  const budgetMs = MIGRATE_TIMEOUT_MS + BOOT_TIMEOUT_MS + 4 * (durationSec + warmupSec + 20) * 1000 + 60_000 + scenariosMs;
  setTimeout(() => void shutdown(1, `overall time limit (${Math.round(budgetMs / 1000)} s) exceeded, stopping children`), budgetMs).unref();

  const busy = [];
  for (const [name, port] of Object.entries(PORTS)) if (!(await portFree(port))) busy.push(`${name}=${port}`);
  if (busy.length) throw new Error(`port(s) already in use on 127.0.0.1: ${busy.join(', ')} (a previous bench still running?)`);

  const databaseUrl = process.env.BENCH_DATABASE_URL || benchDatabaseUrl();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    NATS_PREFIX: 'bench.',
    REDIS_PREFIX: 'bench:',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    SANDBOX_HOST: '127.0.0.1',
    ...Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port)])),
    SMTP_URL: `smtp://127.0.0.1:${PORTS.SANDBOX_SMTP_PORT}`,
    INTERNAL_API_KEY: 'bench-key',
    BOT_CHECK_SECRET: '',
    BOT_CHECK_VERIFY_URL: `http://127.0.0.1:${PORTS.SANDBOX_PORT}/bot-check/siteverify`,
    TRUST_PROXY: 'false',
    SESSION_CACHE_TTL_MS,
    ...(process.env.BENCH_GATEWAY_HOSTS ? gatewayHosting(process.env.BENCH_GATEWAY_HOSTS) : {}),
  };

  const recreated = await dropBenchDatabase(databaseUrl);
  console.log(`bench: migrate ${databaseUrl.replace(/\/\/[^@/]*@/, '//')}${recreated ? ' (dropped and created afresh)' : ' (kept: not named platform_bench)'}...`);
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: MIGRATE_TIMEOUT_MS });

  console.log(`bench: starting ${SERVICES.join(', ')}...`);
  const services = SERVICES.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env, nodeArgs: profileArgs(name) }));
  started = services;
  const booted = Date.now();
  await waitUntil('GET /api/health', async () => (await request('GET', `${WEB}/api/health`)).status === 200, services, BOOT_TIMEOUT_MS);
  await waitUntil('identity over NATS (GET /api/auth/session)', async () => (await request('GET', `${WEB}/api/auth/session`)).status === 200, services, BOOT_TIMEOUT_MS);
  console.log(`bench: platform up in ${((Date.now() - booted) / 1000).toFixed(1)} s`);

  // Warnings from here on are reported (the readiness polls above may log "no responders" while identity boots).
  const marks = new Map(services.map((service) => [service, { stdout: service.stdout.count, stderr: service.stderr.count }]));

  const user = await benchUser(redisUrl);
  await checkAuthenticated(user.cookie, user.email);
  console.log(`bench: user ${user.email} registered and logged in (session cookie), one API key created`);

  const ceiling = await startCeiling(env);
  const scenarios = [
    { id: 'ceiling', label: 'bare Fastify route, plain process (ceiling)', url: ceiling.url },
    { id: 'health', label: 'GET /api/health (gateway, web surface)', url: `${WEB}/api/health` },
    { id: 'session', label: 'GET /api/auth/session (cookie)', url: `${WEB}/api/auth/session`, cookie: true },
    { id: 'keys', label: 'GET /api/keys (cookie; identity: its list in memory)', url: `${WEB}/api/keys`, cookie: true },
  ];

  const results = [];
  for (const [index, scenario] of scenarios.entries()) {
    const headers = scenario.cookie ? { cookie: user.cookie } : {};
    process.stdout.write(`bench: [${index + 1}/${scenarios.length}] ${scenario.label} ...`);
    if (warmupSec > 0) await load({ url: scenario.url, durationSec: warmupSec, connections, headers, title: `${scenario.id} warm-up` });
    const result = await load({ url: scenario.url, durationSec, connections, headers, title: scenario.id });
    results.push({ ...scenario, ...result });
    console.log(` ${result.requestsPerSec.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`);
    if (scenario.id === 'ceiling') await stop(ceiling.handle);
  }
  await checkAuthenticated(user.cookie, user.email); // the cookie still resolved to the user after the load

  const ratioRows = ratios(results);
  const problems = results.filter((result) => result.non2xx || result.errors || result.timeouts || result.forcedStop || !result.total2xx);

  console.log(`
Results (${durationSec} s each after ${warmupSec} s warm-up, ${connections} connections, loopback, ${os.availableParallelism()} CPU cores shared by load generator and servers)
Gateway session cache ON (SESSION_CACHE_TTL_MS=${SESSION_CACHE_TTL_MS}, the default): scenarios 3-4 resolve the cookie from the cache, not identity, after the first request.
Identity keeps each user's key list in memory until it changes (KeyListCache): scenario 4 reads PostgreSQL once per 10 s.
${process.env.BENCH_GATEWAY_HOSTS ? `The gateway hosts ${process.env.BENCH_GATEWAY_HOSTS} (BENCH_GATEWAY_HOSTS): scenarios 3-4 make no NATS hop.\n` : ''}Latency percentiles are over 2xx responses only.

${resultsTable(results)}

Relative to the ceiling (req/s ratio: higher is better, 1 = ceiling; p50 ratio: how many times the ceiling's median latency)

${ratioTable(ratioRows)}
`);
  for (const problem of problems) {
    console.log(`WARNING: ${problem.label}: ${problem.non2xx} non-2xx (${JSON.stringify(problem.statusCodes)}), ${problem.errors} errors, ${problem.timeouts} timeouts${problem.forcedStop ? ', stopped by force' : ''}`);
  }
  for (const service of services) {
    const logged = [...service.stderr.since(marks.get(service).stderr), ...service.stdout.since(marks.get(service).stdout)]
      .filter((line) => line.trim() && !isInfoLine(line));
    if (logged.length) console.log(`note: ${service.name} logged ${logged.length} warning/error line(s) during the benchmark (last ${Math.min(5, logged.length)}):\n${logged.slice(-5).join('\n')}`);
  }

  console.log(resultLine({
    durationSec, warmupSec, connections, sessionCacheTtlMs: Number(SESSION_CACHE_TTL_MS), ok: problems.length === 0,
    scenarios: results.map((result, index) => ({
      id: result.id,
      label: result.label,
      requestsPerSec: round(result.requestsPerSec, 1),
      p50Ms: round(result.p50Ms, 3),
      p99Ms: round(result.p99Ms, 3),
      total2xx: result.total2xx,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      rpsRatio: round(ratioRows[index].rpsRatio, 4),
      p50Ratio: round(ratioRows[index].p50Ratio, 3),
    })),
  }));
  await stopAll();
  for (const scenario of SCENARIOS) {
    console.log(`\nbench: ${scenario.title} (scripts/bench/${scenario.file})...`);
    await runToCompletion(scenario.file, process.execPath, [path.join(ROOT, 'scripts', 'bench', scenario.file)], {
      cwd: ROOT, env: { ...process.env, BENCH_BUILT: '1' }, timeoutMs: scenario.timeoutMs,
    });
  }
  return problems.length ? 1 : 0;
}

main().then(
  (code) => shutdown(code),
  (error) => {
    if (shuttingDown) return; // a signal is stopping everything; what failed meanwhile is a consequence
    console.error(`\nbench: ${error.message}`);
    for (const service of error.services ?? started) console.error(describeOutput(service));
    void shutdown(1);
  },
);
