// npm run bench:scheduler: whether one scheduler process keeps up with 10,000 enabled tasks on the
// every-minute cron: runs started per second at a tick, and the lag between the tick and each run's start.
//
//   BENCH_SCHEDULER_TASKS        enabled tasks, all on `* * * * *` (default 10000)
//   BENCH_SCHEDULER_CONCURRENCY  SCHEDULER_RUN_CONCURRENCY of the scheduler (default 50, the service default)
//   BENCH_SCHEDULER_TICKS        minute ticks measured (default 1)
//
// Steps: infrastructure, a fresh platform_bench_scheduler database migrated with the scheduler's own
// migrations, the tasks inserted in one statement (spread over 100 users and 1,000 agents), an
// agents-service stand-in on NATS answering every message at once (only the scheduler is measured),
// then the scheduler as a child process from its TypeScript source (benchsch. NATS subjects,
// benchsch: Redis keys). Its boot gives every enabled task without a job scheduler one: the real
// path a task is scheduled by. A run counts when its task_runs row is written; its lag is
// started_at minus the tick it is for (scheduled_for).
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { sleep, waitUntil } from './http.mjs';
import { describeOutput, profileArgs, startNode, stopAll } from './processes.mjs';
import { runScenario } from './scenario.mjs';
import { setting } from './settings.mjs';

// The platform's TypeScript, run from source as the platform tests run it: no build step.
register('../../libs/testing/ts-hooks.mjs', import.meta.url);

const NATS_PREFIX = 'benchsch.';
const REDIS_PREFIX = 'benchsch:';
const DATABASE = 'platform_bench_scheduler';
const USERS = 100;
const AGENTS = 1000;

/** Answers POST /api/agents/:id/messages like the agents service would for a running agent, at once. */
async function startAgentsStandIn(natsUrl) {
  const { connect } = await import('@nats-io/transport-node');
  const { SUBJECTS } = await import('@platform/contracts');
  const nats = await connect({ servers: natsUrl });
  const answered = { count: 0, replyTo: new Set() };
  nats.subscribe(`${NATS_PREFIX}${SUBJECTS.agents.sendMessage}`, {
    callback: (error, message) => {
      if (error) return;
      const { id, data } = message.json();
      answered.count += 1;
      answered.replyTo.add(message.reply);
      const reply = { status: 200, body: { reply: { role: 'assistant', content: data.body.message }, model: 'bench' } };
      message.respond(JSON.stringify({ id, response: reply, isDisposed: true }));
    },
  });
  await nats.flush();
  return { nats, answered };
}

async function withClient(databaseUrl, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function insertTasks(databaseUrl, count) {
  await withClient(databaseUrl, (client) => client.query(
    `INSERT INTO scheduler.scheduled_tasks (user_id, agent_id, name, cron_schedule, timezone, prompt)
     SELECT users.id[1 + n % $2], 'bench-agent-' || (n % $3), 'Bench task ' || n, '* * * * *', 'UTC', 'Bench prompt ' || n
     FROM generate_series(1, $1) AS n, (SELECT array_agg(gen_random_uuid()) AS id FROM generate_series(1, $2)) AS users`,
    [count, USERS, AGENTS],
  ));
}

/** Lag and pace of one tick's runs, from the rows the scheduler wrote. */
async function tickFigures(databaseUrl, tick) {
  return withClient(databaseUrl, async (client) => (await client.query(
    `SELECT count(*)::int AS runs,
            count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM started_at - scheduled_for) * 1000) AS p50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM started_at - scheduled_for) * 1000) AS p99,
            extract(epoch FROM max(started_at) - min(started_at)) * 1000 AS spread,
            extract(epoch FROM max(started_at) - scheduled_for) * 1000 AS last
     FROM scheduler.task_runs WHERE scheduled_for = $1 GROUP BY scheduled_for`,
    [tick],
  )).rows[0] ?? { runs: 0, succeeded: 0 });
}

async function main() {
  const taskCount = setting('BENCH_SCHEDULER_TASKS', 10_000, { integer: true });
  const concurrency = setting('BENCH_SCHEDULER_CONCURRENCY', 50, { integer: true });
  const tickCount = setting('BENCH_SCHEDULER_TICKS', 1, { integer: true });

  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');

  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const databaseUrl = benchDatabaseUrl(DATABASE);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  await dropBenchDatabase(databaseUrl, DATABASE);
  const { ensureDatabase, migrateSchema } = await import('@platform/database');
  const { schedulerDatabase } = await import('../../services/scheduler/src/database.ts');
  await ensureDatabase(databaseUrl);
  await migrateSchema(databaseUrl, schedulerDatabase);
  const { deleteEventStream, deleteRedisKeys } = await import('@platform/testing');
  await deleteRedisKeys(REDIS_PREFIX);
  await deleteEventStream(NATS_PREFIX);

  const { QUEUES } = await import('@platform/contracts');
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  const standIn = await startAgentsStandIn(natsUrl);
  let scheduler;
  try {
    await insertTasks(databaseUrl, taskCount);
    console.log(`bench:scheduler: ${taskCount} enabled tasks on '* * * * *' inserted; starting the scheduler (concurrency ${concurrency})...`);
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      NATS_URL: natsUrl,
      REDIS_PREFIX,
      NATS_PREFIX,
      LOG_LEVEL: 'warn',
      SCHEDULER_RUN_CONCURRENCY: String(concurrency),
    };
    const booted = Date.now();
    scheduler = startNode('scheduler', path.join(ROOT, 'services', 'scheduler', 'src', 'main.ts'), {
      cwd: ROOT, env, nodeArgs: ['--import', path.join(ROOT, 'libs', 'testing', 'ts-loader.mjs'), ...profileArgs('scheduler')],
    });
    // BullMQ's sorted set of job schedulers (`<prefix>bull:<queue>:repeat`).
    const schedulersKey = `${REDIS_PREFIX}bull:${QUEUES.schedulerRun}:repeat`;
    await waitUntil('every task scheduled', async () => (await redis.zcard(schedulersKey)) >= taskCount, [scheduler], 180_000);
    console.log(`bench:scheduler: ${taskCount} job schedulers in Redis ${((Date.now() - booted) / 1000).toFixed(1)} s after start`);

    const results = [];
    for (let index = 0; index < tickCount; index += 1) {
      // The first whole minute at least 5 s away, so that every task's job is waiting for it.
      const tick = new Date(Math.ceil((Date.now() + 5000) / 60_000) * 60_000);
      console.log(`bench:scheduler: measuring the tick at ${tick.toISOString()}...`);
      await sleep(tick.getTime() - Date.now());
      await waitUntil(`${taskCount} runs of the tick`, async () => (await tickFigures(databaseUrl, tick)).runs >= taskCount, [scheduler], 60_000)
        .catch((error) => console.error(`bench:scheduler: ${error.message}`));
      await sleep(1000);
      results.push({ tick: tick.toISOString(), ...(await tickFigures(databaseUrl, tick)) });
    }

    console.log(`
Scheduler ticks (${os.availableParallelism()} CPU cores shared by the scheduler, the agents stand-in and Redis/Postgres/NATS)
  tasks          ${taskCount} enabled, every minute
  concurrency    ${concurrency} (SCHEDULER_RUN_CONCURRENCY)`);
    for (const result of results) {
      const perSecond = result.runs / Math.max(result.last, 1) * 1000;
      console.log(`  tick ${result.tick}: ${result.runs} runs (${result.succeeded} succeeded), all started within ${(result.last / 1000).toFixed(2)} s of the tick = ${perSecond.toFixed(0)} runs started/s; lag p50 ${Math.round(result.p50)} ms, p99 ${Math.round(result.p99)} ms`);
    }
    const [duplicates] = await withClient(databaseUrl, async (client) => (await client.query(
      'SELECT count(*)::int - count(DISTINCT (task_id, scheduled_for))::int AS duplicates FROM scheduler.task_runs')).rows);
    const errorLines = scheduler.stderr.text().split('\n').filter(Boolean).length;
    if (errorLines) console.log(`note: the scheduler wrote ${errorLines} stderr line(s):\n${scheduler.stderr.text(5)}`);
    console.log(`BENCH_SCHEDULER_RESULT ${JSON.stringify({
      tasks: taskCount, concurrency, duplicates: duplicates.duplicates, messagesAnswered: standIn.answered.count, distinctRequests: standIn.answered.replyTo.size,
      ticks: results.map((result) => ({
        tick: result.tick, runs: result.runs, runsStartedPerSec: Math.round(result.runs / Math.max(result.last, 1) * 1000),
        lagP50Ms: Math.round(result.p50), lagP99Ms: Math.round(result.p99),
      })),
    })}`);
    return results.every((result) => result.runs === taskCount) ? 0 : 1;
  } catch (error) {
    if (scheduler) console.error(describeOutput(scheduler));
    throw error;
  } finally {
    await stopAll();
    await standIn.nats.drain();
    redis.disconnect();
    await deleteEventStream(NATS_PREFIX);
    await deleteRedisKeys(REDIS_PREFIX);
    await dropBenchDatabase(databaseUrl, DATABASE);
  }
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

runScenario('bench:scheduler', main);
