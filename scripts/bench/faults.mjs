// npm run bench:faults: chat load at a steady rate while Redis, NATS and PostgreSQL, each of the
// platform's own, are killed with SIGKILL and started again, one after the other. Reports per outage
// the share of failures answered fast, the time to the first success after the restart, and what was
// lost or doubled (usage rows against chats served, the quota against the usage, reservations still
// open once their lease has lapsed); all must be 0.
//
//   BENCH_FAULT_RATE       chats per second (default 40), plus 10 signed-in reads per second
//   BENCH_FAULT_OUTAGE_MS  how long each server stays dead (default 3000)
//
// Starts its own PostgreSQL, Redis (append-only file, fsync always) and NATS (JetStream) on free ports
// through libs/testing, then sandbox, identity, ai-gateway, usage and gateway as child processes on
// them. Each outage bills its chats to users of its own, so its counts are its own.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureInstalled, ROOT } from '../lib.mjs';
import { call, clientIp, sessionCookieFrom, sleep, waitUntil } from './http.mjs';
import { benchPlatformEnv } from './platform-env.mjs';
import { build, runBench, runToCompletion, startNode, stopAll } from './processes.mjs';
import { resultLine } from './report.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13030, BACKEND_PORT: 14030, SUMMARIZER_PORT: 13130, SANDBOX_PORT: 14630 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const SERVICES = ['sandbox', 'identity', 'ai-gateway', 'usage', 'gateway'];
const OUTAGES = ['redis', 'nats', 'postgres'];
const KEY = 'bench-fault-key';
const USERS_PER_OUTAGE = 16;
/** A failure answered within this is a fast one (the fault suite allows 2.5 s, the database pool's wait). */
const FAST_MS = 1000;
const STEADY_MS = 3000;
const RECOVERY_LIMIT_MS = 30_000;
/**
 * Quota leases of the benchmark's ai-gateway: a reservation whose answer the kill cut off stays
 * counted until its lease lapses, so reservations are judged this long after the kill.
 */
const LEASE_MS = 10_000;
const DRAIN_LIMIT_MS = 90_000;

const succeeded = (sample) => sample.status >= 200 && sample.status < 300;

/** An answer of call() in the shape SteadyLoad keeps. */
const answer = (request) => request.then((response) => ({ status: response.status, headers: response.headers, body: response.json }));

async function main() {
  const rate = setting('BENCH_FAULT_RATE', 40);
  const outageMs = setting('BENCH_FAULT_OUTAGE_MS', 3000, { integer: true });
  ensureInstalled();
  await build('bench:faults');
  const { startOwnedInfra, SteadyLoad } = await import('@platform/testing');
  const quota = {
    ...await import(path.join(ROOT, 'services', 'ai-gateway', 'dist', 'quota', 'quota-period.js')),
    ...await import(path.join(ROOT, 'services', 'ai-gateway', 'dist', 'quota', 'quota-scripts.js')),
  };
  const { Redis } = await import('ioredis');

  const infra = await startOwnedInfra();
  const databaseUrl = new URL(infra.databaseUrl);
  databaseUrl.pathname = '/platform';
  const env = benchPlatformEnv({
    ports: PORTS,
    internalKey: KEY,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NATS_PREFIX: '',
    REDIS_PREFIX: '',
    USAGE_BATCH_MAX_WAIT_MS: '50',
    AI_CHAT_BUDGET_MS: String(LEASE_MS - 2000),
    AI_QUOTA_LEASE_MS: String(LEASE_MS),
  });
  const redis = new Redis(infra.redisUrl, { maxRetriesPerRequest: null });
  // The bench's own reader rides out the Redis outage it causes; its reconnect errors are expected.
  redis.on('error', () => undefined);
  const database = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  process.on('SIGINT', () => void stopAll().then(() => infra.close()).then(() => process.exit(130)));
  try {
    await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: 120_000 });
    const services = SERVICES.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env }));
    await waitUntil('GET /api/ai/health', async () => (await call('GET', `${BACKEND}/api/ai/health`)).status === 200, services, 90_000);
    const reader = await signedIn(services);

    let outage = OUTAGES[0];
    let sequence = 0;
    const load = new SteadyLoad({
      chat: {
        perSecond: rate,
        send: () => {
          sequence += 1;
          return answer(call('POST', `${BACKEND}/api/ai/chat`, {
            body: { messages: [{ role: 'user', content: 'Hello through the outage' }], max_tokens: 32 },
            headers: {
              authorization: `Bearer ${KEY}`, 'x-user-id': `bench-fault-${outage}-${sequence % USERS_PER_OUTAGE}`, 'x-user-plan': 'solo',
              'x-billing-subscription-id': 'sub_bench', 'x-forwarded-for': clientIp(sequence),
            },
          }));
        },
      },
      keys: { perSecond: 10, send: () => answer(call('GET', `${WEB}/api/keys`, { headers: { cookie: reader } })) },
    });

    const phases = [];
    try {
      for (const name of OUTAGES) {
        outage = name;
        const startedAt = load.now();
        await sleep(STEADY_MS);
        const killedAt = load.now();
        const killedAtWall = Date.now();
        await infra[name].kill();
        await sleep(outageMs);
        await infra[name].start();
        const restartedAt = load.now();
        const deadline = Date.now() + RECOVERY_LIMIT_MS;
        while (Date.now() < deadline && !['chat', 'keys'].every((stream) => load.firstSuccess(stream, restartedAt))) await sleep(50);
        await sleep(STEADY_MS);
        phases.push({ name, startedAt, endedAt: load.now(), killedAt, killedAtWall, restartedAt });
      }
    } finally {
      await load.stop();
    }

    const outcomes = [];
    for (const phase of phases) outcomes.push(await outcomeOf(phase, load, database, redis, quota));
    console.log(`
Faults under load: ${rate} chats/s and 10 reads/s, each server dead ${outageMs} ms (${os.availableParallelism()} CPU cores shared by everything; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')})
${table(outcomes)}
`);
    console.log(resultLine({ ratePerSec: rate, outageMs, outages: outcomes }));
    return outcomes.some((outcome) => outcome.lost || outcome.doubled || outcome.quotaDrift || outcome.openAfterLease) ? 1 : 0;
  } finally {
    redis.disconnect();
    await database.end();
    await stopAll();
    await infra.close();
  }
}

/** A user registered and signed in through the real routes; its cookie. */
async function signedIn(services) {
  const email = `bench-fault-${Date.now()}@example.com`;
  const credentials = { email, password: 'correct horse battery' };
  await waitUntil('POST /api/register', async () => (await call('POST', `${WEB}/api/register`, { body: credentials, headers: { 'x-forwarded-for': '10.250.0.1' } })).status === 201, services, 30_000);
  const login = await call('POST', `${WEB}/api/auth/login`, { body: credentials, headers: { 'x-forwarded-for': '10.250.0.2' } });
  const cookie = sessionCookieFrom(login.headers);
  if (!cookie) throw new Error(`login answered ${login.status}: ${login.text.slice(0, 200)}`);
  return cookie;
}

/**
 * One outage in numbers. A chat cut off by the kill (in flight then, failed) may have been served
 * and billed all the same, so it counts neither as lost nor as doubled.
 */
async function outcomeOf({ name, startedAt, endedAt, killedAt, killedAtWall, restartedAt }, load, database, redis, { quotaKeys, COUNTED }) {
  const during = (stream) => load.of(stream, killedAt, restartedAt);
  const failed = [...during('chat'), ...during('keys')].filter((sample) => !succeeded(sample));
  // The outage's users are set when it starts: a chat sent in its window is billed to one of them.
  const chats = load.of('chat', startedAt, endedAt);
  const served = chats.filter(succeeded);
  const cutOff = chats.filter((sample) => !succeeded(sample) && sample.sentAt <= killedAt && sample.sentAt + sample.ms >= killedAt).length;
  const countRows = async () => (await database.query(`SELECT count(*)::int AS n FROM usage.usage_logs WHERE user_id LIKE $1`, [`bench-fault-${name}-%`])).rows[0].n;
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  while (Date.now() < deadline && (await countRows()) < served.length) await sleep(250);
  const tokensPerChat = served[0]?.body?.usage?.total_tokens ?? 0;
  await sleep(killedAtWall + LEASE_MS - Date.now());
  // Counted again after the wait: a doubled row written late would not show in the first count.
  const rows = await countRows();
  let used = 0;
  let reserved = 0;
  for (let index = 0; index < USERS_PER_OUTAGE; index += 1) {
    const { month, leases } = quotaKeys('', `bench-fault-${name}-${index}`, new Date());
    await redis.eval(COUNTED, 2, month, leases); // releases lapsed leases, as the next reservation would
    const [settled, open] = await redis.hmget(month, 'used', 'reserved');
    used += Number(settled ?? 0);
    reserved += Number(open ?? 0);
  }
  const recovery = (stream) => (load.firstSuccess(stream, restartedAt)?.sentAt ?? Number.NaN) - restartedAt;
  return {
    outage: name,
    sentDuringOutage: during('chat').length + during('keys').length,
    failedDuringOutage: failed.length,
    fastFailureShare: failed.length ? Number((failed.filter((sample) => sample.status && sample.ms <= FAST_MS).length / failed.length).toFixed(3)) : 1,
    slowestFailureMs: Math.max(0, ...failed.map((sample) => sample.ms)),
    firstChatAfterRestartMs: recovery('chat'),
    firstReadAfterRestartMs: recovery('keys'),
    chatsServed: served.length,
    usageRows: rows,
    lost: Math.max(0, served.length - rows),
    doubled: Math.max(0, rows - served.length - cutOff),
    quotaDrift: used - rows * tokensPerChat,
    openAfterLease: reserved,
  };
}

function table(outcomes) {
  const columns = [
    ['outage', 'outage'], ['sent while down', 'sentDuringOutage'], ['failed', 'failedDuringOutage'], ['fast share', 'fastFailureShare'],
    ['slowest failure ms', 'slowestFailureMs'], ['first chat ms', 'firstChatAfterRestartMs'], ['first read ms', 'firstReadAfterRestartMs'],
    ['served', 'chatsServed'], ['usage rows', 'usageRows'], ['lost', 'lost'], ['doubled', 'doubled'], ['quota drift', 'quotaDrift'], ['reserved after lease', 'openAfterLease'],
  ];
  const rows = outcomes.map((outcome) => columns.map(([, key]) => String(outcome[key])));
  const widths = columns.map(([header], index) => Math.max(header.length, ...rows.map((row) => row[index].length)));
  const line = (cells) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  return [line(columns.map(([header]) => header)), ...rows.map(line)].join('\n');
}

runBench('bench:faults', main);
