// npm run bench:metrics: through the gateway's backend surface, with BENCH_SENDERS concurrent senders,
//   - GET /api/metrics/:userId/historical?range=30d for a user whose 100 agents were sampled every
//     minute for a month (4.32 million container_metrics rows, 720 hours of the user's aggregates);
//   - GET /api/browse/tree?agentId= on an agent workspace of 10,000 files (100 folders of 100).
//
//   BENCH_METRICS_AGENTS     agents of the user (default 100)
//   BENCH_METRICS_DAYS       days of per-minute samples per agent (default 30)
//   BENCH_METRICS_REQUESTS   historical requests (default 200)
//   BENCH_TREE_FILES         files in the workspace, 100 per folder (default 10000)
//   BENCH_TREE_REQUESTS      tree requests (default 100)
//   BENCH_SENDERS            concurrent senders (default 8)
//   BENCH_DATABASE_URL       as in bench.mjs (platform_bench_metrics is dropped and migrated afresh)
//
// Boots usage + agents + watchdog + gateway on their own ports with benchmet.-prefixed NATS subjects
// and benchmet:-prefixed Redis keys. The samples are inserted by SQL (a month at one row a minute is
// far more than the watchdog's writer could replay here), then aggregated into the hourly table as
// the watchdog's migration aggregates existing samples. Each request comes from its own address, so
// the backend's 120 a minute per IP does not count one sender's requests together.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { timedPool } from './concurrency.mjs';
import { call, clientIp } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13070, BACKEND_PORT: 14070, SUMMARIZER_PORT: 13170, SANDBOX_PORT: 14670 };
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const INTERNAL_KEY = 'bench-metrics-key';
const FILES_PER_FOLDER = 100;

/** One statement per agent: a month of its minutes, readings that wander as a runtime's do. */
const SAMPLES = `
  INSERT INTO watchdog.container_metrics (agent_id, user_id, sampled_at, cpu_percent, memory_bytes, memory_limit_bytes, uptime_ms)
  SELECT $1::uuid, $2, minute, 5 + random() * 90, (random() * 2147483648)::bigint, 2147483648,
    (extract(epoch FROM minute - $3::timestamptz) * 1000)::bigint
  FROM generate_series($3::timestamptz, $4::timestamptz - interval '1 minute', interval '1 minute') minute`;

const HOURS = `
  INSERT INTO watchdog.container_metrics_hourly
  SELECT user_id, date_trunc('hour', sampled_at, 'UTC'), count(*), sum(least(cpu_percent, 100)), sum(memory_bytes * 100.0 / memory_limit_bytes)
  FROM watchdog.container_metrics GROUP BY 1, 2`;

async function seedSamples(databaseUrl, userId, agents, days) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const from = new Date(to.getTime() - days * 86_400_000);
    const started = performance.now();
    for (let index = 0; index < agents; index += 1) {
      await client.query(SAMPLES, [randomUUID(), userId, from, to]);
      if ((index + 1) % 20 === 0) console.log(`bench:metrics: samples of ${index + 1}/${agents} agents inserted`);
    }
    await client.query(HOURS);
    await client.query('ANALYZE watchdog.container_metrics, watchdog.container_metrics_hourly');
    const [{ samples, hours }] = (await client.query(
      'SELECT (SELECT count(*) FROM watchdog.container_metrics)::int AS samples, (SELECT count(*) FROM watchdog.container_metrics_hourly)::int AS hours',
    )).rows;
    console.log(`bench:metrics: ${samples} samples, ${hours} hourly rows in ${Math.round((performance.now() - started) / 1000)} s`);
    return { samples, hours };
  } finally {
    await client.end();
  }
}

async function seedWorkspace(dataDir, agentId, files) {
  const workspace = path.join(dataDir, agentId);
  for (let folder = 0; folder < Math.ceil(files / FILES_PER_FOLDER); folder += 1) {
    const dir = path.join(workspace, `folder-${String(folder).padStart(3, '0')}`);
    await mkdir(dir, { recursive: true });
    const count = Math.min(FILES_PER_FOLDER, files - folder * FILES_PER_FOLDER);
    await Promise.all(Array.from({ length: count }, (_, file) => writeFile(path.join(dir, `file-${String(file).padStart(3, '0')}.txt`), `${folder}/${file}\n`)));
  }
}

const nodesOf = (node) => 1 + (node.children ?? []).reduce((sum, child) => sum + nodesOf(child), 0);

async function main() {
  const agents = setting('BENCH_METRICS_AGENTS', 100, { integer: true });
  const days = setting('BENCH_METRICS_DAYS', 30, { integer: true });
  const historicalRequests = setting('BENCH_METRICS_REQUESTS', 200, { integer: true });
  const files = setting('BENCH_TREE_FILES', 10_000, { integer: true });
  const treeRequests = setting('BENCH_TREE_REQUESTS', 100, { integer: true });
  const senders = setting('BENCH_SENDERS', 8, { integer: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-metrics-agents-'));
  const bearer = { authorization: `Bearer ${INTERNAL_KEY}` };
  const platform = {
    label: 'bench:metrics', database: 'platform_bench_metrics', prefix: 'benchmet', ports: PORTS, internalKey: INTERNAL_KEY,
    services: ['usage', 'agents', 'watchdog', 'gateway'],
    env: { AGENT_DATA_DIR: dataDir },
    ready: {
      what: 'the gateway and the metrics (GET /api/metrics with the internal key)',
      check: async () => (await call('GET', `${BACKEND}/api/metrics`, { headers: bearer })).status === 200,
    },
  };
  try {
    const { historical, tree, seeded } = await withScenarioPlatform(platform, async ({ databaseUrl }) => {
      const userId = randomUUID();
      console.log(`bench:metrics: ${days} days of per-minute samples for ${agents} agents...`);
      const seeded = await seedSamples(databaseUrl, userId, agents, days);
      const url = `${BACKEND}/api/metrics/${userId}/historical?range=30d`;
      const first = await call('GET', url, { headers: { ...bearer, 'x-forwarded-for': clientIp(1) }, timeoutMs: 60_000 });
      if (first.status !== 200) throw new Error(`historical answered ${first.status}: ${first.text.slice(0, 300)}`);
      console.log(`bench:metrics: ${historicalRequests} historical reads (${first.json.metrics.length} hourly points each) by ${senders} senders...`);
      const historical = await timedPool(Array.from({ length: historicalRequests }, (_, index) => index), senders, async (index) => {
        const response = await call('GET', url, { headers: { ...bearer, 'x-forwarded-for': clientIp(10 + index) } });
        return response.status === 200 && response.json?.metrics?.length === first.json.metrics.length ? null : response.status;
      });

      const created = await call('POST', `${BACKEND}/api/agents`, { body: { name: 'Bench workspace' }, headers: { ...bearer, 'x-forwarded-for': clientIp(2) } });
      if (created.status !== 201) throw new Error(`creating the agent answered ${created.status}: ${created.text.slice(0, 300)}`);
      await seedWorkspace(dataDir, created.json.id, files);
      const treeUrl = `${BACKEND}/api/browse/tree?agentId=${created.json.id}`;
      const listed = await call('GET', treeUrl, { headers: { ...bearer, 'x-forwarded-for': clientIp(3) }, timeoutMs: 60_000 });
      if (listed.status !== 200) throw new Error(`tree answered ${listed.status}: ${listed.text.slice(0, 300)}`);
      const nodes = nodesOf(listed.json.root);
      console.log(`bench:metrics: ${treeRequests} trees of ${nodes} nodes (${Math.round(listed.text.length / 1024)} kB, truncated ${listed.json.truncated}) by ${senders} senders...`);
      const tree = await timedPool(Array.from({ length: treeRequests }, (_, index) => index), senders, async (index) => {
        const response = await call('GET', treeUrl, { headers: { ...bearer, 'x-forwarded-for': clientIp(100_000 + index) } });
        return response.status === 200 ? null : response.status;
      });
      return { seeded, historical: { ...historical, points: first.json.metrics.length }, tree: { ...tree, nodes, bytes: listed.text.length } };
    });
    console.log(`\nHistorical 30d (${seeded.samples} samples, ${seeded.hours} hourly rows, ${historical.points} points), ${senders} senders: ${historical.perSec}/s (p50 ${historical.p50Ms} ms, p99 ${historical.p99Ms} ms)`);
    console.log(`Tree of ${files} files (${tree.nodes} nodes, ${Math.round(tree.bytes / 1024)} kB), ${senders} senders: ${tree.perSec}/s (p50 ${tree.p50Ms} ms, p99 ${tree.p99Ms} ms)`);
    console.log(resultLine({ scenario: 'metrics-explorer', senders, seeded, historical, tree }));
    const failed = Object.keys(historical.failed).length + Object.keys(tree.failed).length;
    if (failed > 0) throw new Error(`requests failed: ${JSON.stringify({ historical: historical.failed, tree: tree.failed })}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

runScenario('bench:metrics', main);
