// npm run bench:watchdog: how many agent checks per second one watchdog process completes at its
// configured concurrency, against fake-healthy agent runtimes (each its own HTTP server on loopback).
//
//   BENCH_WATCHDOG_AGENTS       fake agents, each with its own runtime endpoint (default 500)
//   BENCH_WATCHDOG_CONCURRENCY  WATCHDOG_CONCURRENCY of the watchdog (default 20, the service default)
//   BENCH_WATCHDOG_INTERVAL     WATCHDOG_CHECK_INTERVAL in seconds (default 0.25: 500 agents then ask
//                               for 2000 checks/s, more than one process completes, so the figure is
//                               the watchdog's throughput, not the schedule's demand)
//   BENCH_DURATION              measured seconds (default 10)
//   BENCH_WARMUP                seconds before measuring (default 3, 0 = none)
//
// Steps: infrastructure, build (nx, cached), a fresh platform_bench_watchdog database, the fake
// runtimes, an agents-service stand-in on NATS answering the watch list, the built watchdog as a
// child process (benchwd. NATS subjects, benchwd: Redis keys). A check counts when its
// container_metrics row is written (every check of a healthy runtime writes one).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { sleep, waitUntil } from './http.mjs';
import { build, describeOutput, runToCompletion, startNode, stopAll } from './processes.mjs';
import { setting } from './settings.mjs';

const NATS_PREFIX = 'benchwd.';
const REDIS_PREFIX = 'benchwd:';
const DATABASE = 'platform_bench_watchdog';

/** Healthy runtimes: /healthz, /readyz and /health as an agent runtime answers them. */
async function startRuntimes(count) {
  const startedAt = Date.now();
  const hits = { total: 0, health: new Set() };
  const servers = await Promise.all(Array.from({ length: count }, (_, index) => new Promise((resolve) => {
    const agentId = randomUUID();
    const server = createServer((request, response) => {
      hits.total += 1;
      const uptimeMs = Date.now() - startedAt;
      const body = request.url === '/healthz' ? { ok: true, status: 'live' }
        : request.url === '/readyz' ? { ready: true, failing: [], uptimeMs }
          : { status: 'ok', agentId, uptimeMs, cpuPercent: 1 + (index % 50), memoryBytes: 64 * 1024 * 1024, memoryLimitBytes: 2 * 1024 ** 3 };
      if (request.url === '/health') hits.health.add(agentId);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    server.listen(0, '127.0.0.1', () => resolve({ agentId, server, url: `http://127.0.0.1:${server.address().port}` }));
  })));
  return { servers, hits };
}

/** Answers the watch list like the agents service; any other request means a check did not find a runtime healthy. */
async function startAgentsStandIn(natsUrl, runtimes) {
  const { connect } = await import('@nats-io/transport-node');
  const { SUBJECTS } = await import('@platform/contracts');
  const nats = await connect({ servers: natsUrl });
  const unexpected = [];
  const agents = runtimes.map((runtime) => ({ agentId: runtime.agentId, userId: 'bench-user', status: 'running', runtimeUrl: runtime.url }));
  nats.subscribe(`${NATS_PREFIX}${SUBJECTS.agents.watchTargets}`, {
    callback: (error, message) => {
      if (!error) message.respond(JSON.stringify({ id: message.json().id, response: { agents }, isDisposed: true }));
    },
  });
  for (const subject of [SUBJECTS.agents.healthReport, SUBJECTS.agents.watchdogRepair, SUBJECTS.agents.watchdogFail]) {
    nats.subscribe(`${NATS_PREFIX}${subject}`, {
      callback: (error, message) => {
        if (error) return;
        const { id, data } = message.json();
        unexpected.push({ subject, data });
        message.respond(JSON.stringify({ id, response: { agentId: data.agentId, status: 'running' }, isDisposed: true }));
      },
    });
  }
  await nats.flush();
  return { nats, unexpected };
}

async function query(databaseUrl, sql, params = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function main() {
  const agentCount = setting('BENCH_WATCHDOG_AGENTS', 500, { integer: true });
  const concurrency = setting('BENCH_WATCHDOG_CONCURRENCY', 20, { integer: true });
  const intervalSec = setting('BENCH_WATCHDOG_INTERVAL', 0.25);
  const durationSec = setting('BENCH_DURATION', 10, { integer: true });
  const warmupSec = setting('BENCH_WARMUP', 3, { integer: true, allowZero: true });

  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  await build('bench:watchdog');

  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const databaseUrl = benchDatabaseUrl(DATABASE);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  await dropBenchDatabase(databaseUrl, DATABASE);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    NATS_URL: natsUrl,
    REDIS_PREFIX,
    NATS_PREFIX,
    LOG_LEVEL: 'warn',
    WATCHDOG_CHECK_INTERVAL: String(intervalSec),
    WATCHDOG_CONCURRENCY: String(concurrency),
  };
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: 120_000 });
  // Built above: the same clean-up the tests use, for this run's prefixes (and any a stopped run left).
  const { deleteEventStream, deleteRedisKeys } = await import('@platform/testing');
  await deleteRedisKeys(REDIS_PREFIX);
  await deleteEventStream(NATS_PREFIX);

  const { servers, hits } = await startRuntimes(agentCount);
  const standIn = await startAgentsStandIn(natsUrl, servers);
  let watchdog;
  try {
    console.log(`bench:watchdog: ${agentCount} fake-healthy runtimes up; starting the watchdog (concurrency ${concurrency}, interval ${intervalSec} s)...`);
    watchdog = startNode('watchdog', path.join(ROOT, 'services', 'watchdog', 'dist', 'main.js'), { cwd: ROOT, env });
    const booted = Date.now();
    await waitUntil(`every agent checked once`, () => hits.health.size >= agentCount, [watchdog], 120_000);
    console.log(`bench:watchdog: all ${agentCount} agents checked ${((Date.now() - booted) / 1000).toFixed(1)} s after start; warm-up ${warmupSec} s, measuring ${durationSec} s...`);
    await sleep(warmupSec * 1000);

    const from = new Date();
    const requestsBefore = hits.total;
    await sleep(durationSec * 1000);
    const to = new Date();
    const requests = hits.total - requestsBefore;
    const [{ checks }] = await query(databaseUrl,
      'SELECT count(*)::int AS checks FROM watchdog.container_metrics WHERE sampled_at >= $1 AND sampled_at < $2', [from, to]);
    const seconds = (to - from) / 1000;
    const checksPerSec = checks / seconds;
    const demand = agentCount / intervalSec;
    const errorLines = watchdog.stderr.text().split('\n').filter(Boolean).length;

    console.log(`
Watchdog check throughput (${os.availableParallelism()} CPU cores shared by the watchdog, the fake runtimes and Redis/Postgres/NATS)
  agents                ${agentCount} fake-healthy runtimes, one HTTP server each
  concurrency           ${concurrency} (WATCHDOG_CONCURRENCY)
  schedule demand       ${demand.toFixed(0)} checks/s (every ${intervalSec} s per agent)
  completed             ${checks} checks in ${seconds.toFixed(1)} s = ${checksPerSec.toFixed(1)} checks/s (${(requests / seconds).toFixed(0)} probe requests/s)
  ${checksPerSec < demand * 0.95 ? 'saturated: the figure is the watchdog\'s throughput' : 'not saturated: the watchdog kept up with the schedule; lower BENCH_WATCHDOG_INTERVAL to find its limit'}
  reports/repairs sent  ${standIn.unexpected.length} (expected 0: every runtime is healthy)
`);
    if (errorLines) console.log(`note: the watchdog wrote ${errorLines} stderr line(s):\n${watchdog.stderr.text(5)}`);
    console.log(`BENCH_WATCHDOG_RESULT ${JSON.stringify({ agents: agentCount, concurrency, intervalSec, durationSec, checks, checksPerSec: Number(checksPerSec.toFixed(1)), probeRequestsPerSec: Math.round(requests / seconds), unexpectedRequests: standIn.unexpected.length })}`);
    return standIn.unexpected.length ? 1 : 0;
  } catch (error) {
    if (watchdog) console.error(describeOutput(watchdog));
    throw error;
  } finally {
    await stopAll();
    await Promise.all(servers.map(({ server }) => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    })));
    await standIn.nats.drain();
    await deleteEventStream(NATS_PREFIX);
    await deleteRedisKeys(REDIS_PREFIX);
    await dropBenchDatabase(databaseUrl, DATABASE);
  }
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench:watchdog: ${error.message}`);
    process.exit(1);
  },
);
