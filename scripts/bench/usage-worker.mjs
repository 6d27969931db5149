// npm run bench:usage: usage events written per second by one usage worker process.
//
//   BENCH_USAGE_EVENTS      events to write (default 20000)
//   BENCH_USAGE_BATCH_SIZE  the worker's USAGE_BATCH_SIZE (default: the service's own, 100)
//   BENCH_LOG_LEVEL         the worker's LOG_LEVEL (default info: the spec's line per event is written, as in production)
//   BENCH_USAGE_DATABASE_URL benchmark database (default .../platform_bench_usage, dropped and migrated afresh)
//
// Steps: infrastructure, build (nx, cached), migrate, enqueue every event on the real `usage.log`
// queue while no worker runs, then start one worker (ROLES=worker) and time from its first committed
// row to its last, so boot time is not counted. Rows and rollup calls must equal N, and no job be left or failed.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { sleep } from './http.mjs';
import { build, runBench, runToCompletion, startNode } from './processes.mjs';
import { setting } from './settings.mjs';

const BENCH_NAME = 'platform_bench_usage';
const ACK_TIMEOUT_MS = 30_000;

/** The catalogue's models in turn, a handful of users and agents: rollups get many keys, as in life. */
function events(count, models) {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    eventId: randomUUID(),
    userId: `bench-user-${index % 50}`,
    agentId: `bench-agent-${index % 200}`,
    model: models[index % models.length].id,
    provider: models[index % models.length].provider,
    inputTokens: 500 + (index % 2000),
    outputTokens: 100 + (index % 700),
    endpoint: '/api/ai/chat',
    occurredAt: new Date(now - (index % 7) * 86_400_000).toISOString(),
  }));
}

async function main() {
  const count = setting('BENCH_USAGE_EVENTS', 20_000, { integer: true });
  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  await build('bench:usage');
  // Loaded after the build: they are the built libraries.
  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const { QUEUES, MODEL_CATALOGUE } = await import('@platform/contracts');
  const { QueueFactory } = await import('@platform/queue');
  const { default: pg } = await import('pg');
  // Removes the run's queue keys at the end: every run has its own prefix, so nothing of another run is touched.
  const { deleteRedisKeys, queueCounts } = await import('@platform/testing');

  const url = process.env.BENCH_USAGE_DATABASE_URL || benchDatabaseUrl(BENCH_NAME);
  // deleteRedisKeys reads REDIS_URL too, with the same default.
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-usage-${randomUUID().slice(0, 8)}:`;
  const env = {
    ...process.env, DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, NATS_PREFIX: 'benchusage.',
    ROLES: 'worker', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...(process.env.BENCH_USAGE_BATCH_SIZE ? { USAGE_BATCH_SIZE: process.env.BENCH_USAGE_BATCH_SIZE } : {}),
  };
  await dropBenchDatabase(url, BENCH_NAME);
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: 120_000 });

  const producer = new QueueFactory({ redisUrl, prefix });
  const database = new pg.Client({ connectionString: url });
  await database.connect();
  const rows = async () => Number((await database.query('SELECT count(*) FROM usage.usage_logs')).rows[0].count);
  try {
    const all = events(count, MODEL_CATALOGUE);
    const enqueueStart = Date.now();
    for (let at = 0; at < all.length; at += 500) await Promise.all(all.slice(at, at + 500).map((event) => producer.add(QUEUES.usageLog, event)));
    console.log(`bench:usage: ${count} events enqueued in ${((Date.now() - enqueueStart) / 1000).toFixed(1)} s; starting one worker`);

    const worker = startNode('usage', path.join(ROOT, 'services', 'usage', 'dist', 'main.js'), { cwd: ROOT, env });
    const spawned = Date.now();
    let first;
    let written = 0;
    while ((written = await rows()) < count) {
      if (written && !first) first = { at: Date.now(), rows: written };
      if (worker.exited) throw Object.assign(new Error(`the usage worker exited after ${written} rows`), { services: [worker] });
      if (Date.now() - spawned > 10 * 60_000) throw Object.assign(new Error(`only ${written} of ${count} rows after 10 minutes`), { services: [worker] });
      await sleep(25);
    }
    first ??= { at: spawned, rows: 0 };
    const seconds = (Date.now() - first.at) / 1000;
    const measured = count - first.rows;
    const calls = Number((await database.query('SELECT coalesce(sum(calls), 0) AS calls FROM usage.usage_daily')).rows[0].calls);
    // The last batch's acknowledgements follow its commit: its jobs stay active until they land, which
    // takes longer on a busy machine, so wait for them (bounded) before checking that none is left.
    let jobs = await queueCounts(env, QUEUES.usageLog);
    for (const deadline = Date.now() + ACK_TIMEOUT_MS; jobs.active > 0 && Date.now() < deadline;) {
      await sleep(100);
      jobs = await queueCounts(env, QUEUES.usageLog);
    }
    // Completed jobs are trimmed to the last 1000 (DEFAULT_JOB_OPTIONS): check that none is left or failed instead.
    const left = jobs.waiting + jobs.active + jobs.delayed + jobs.failed;
    const ok = written === count && calls === count && left === 0;
    console.log(`bench:usage: ${measured} rows written by one worker in ${seconds.toFixed(2)} s after its first commit = ${Math.round(measured / seconds)} events/s (batch size ${env.USAGE_BATCH_SIZE ?? 100}, LOG_LEVEL ${env.LOG_LEVEL})`);
    console.log(`bench:usage: check: rows ${written}, rollup calls ${calls}, jobs waiting/active/delayed/failed ${jobs.waiting}/${jobs.active}/${jobs.delayed}/${jobs.failed}: ${ok ? 'ok' : 'MISMATCH'}`);
    console.log(`BENCH_RESULT ${JSON.stringify({ scenario: 'usage-worker', events: count, seconds: Number(seconds.toFixed(3)), eventsPerSec: Math.round(measured / seconds), batchSize: Number(env.USAGE_BATCH_SIZE ?? 100), ok })}`);
    return ok ? 0 : 1;
  } finally {
    await producer.onApplicationShutdown();
    await database.end();
    await deleteRedisKeys(prefix);
  }
}

runBench('bench:usage', main);
