// npm run bench:observability: what metrics and tracing cost. Two platforms side by side, alike but
// for observability: "off" (no OTEL_* variables, nobody scrapes /metrics) and "on" (traces exported
// with OTLP to a collector in a process of its own, otlp-collector.mjs, every request sampled; every
// ops port scraped each BENCH_SCRAPE_MS while it is loaded). GET /api/keys (web, cookie: gateway -> NATS -> identity ->
// PostgreSQL) and POST /api/ai/chat (backend: gateway -> ai-gateway -> sandbox vendor, usage worker)
// are loaded on each in alternating slices, so a change in the machine's other load falls on both
// alike. It reports requests/s and p50/p99 of both and the loss: 1 - on/off (target: under 5 %); and
// the CPU time the platform's processes spent per request, which the machine's other load skews less,
// in all and by service. The sandbox stands in for the AI vendor: its CPU is shown apart and not
// counted as the platform's, and it is untraced on both sides, as a vendor's own tracing is not ours
// (it still receives the `traceparent` the platform sends).
//
//   BENCH_DURATION     measured seconds per platform and scenario (default 10)
//   BENCH_ROUNDS       slices that time is cut into, taken in turns (default 5)
//   BENCH_CONNECTIONS  concurrent connections (default 20)
//   BENCH_WARMUP       seconds of unmeasured load on each platform before its slices (default 2, 0 = none)
//   BENCH_UPSTREAM_MS  the sandbox model's fixed latency (default 0: the chat is CPU-bound, the worst case)
//   BENCH_SCRAPE_MS    how often the "on" platform's ops ports are scraped (default 5000; a Prometheus' usual is 15 s)
//   BENCH_CPU_PROF_DIR when set, every service started writes a CPU profile (node --cpu-prof) there
//   BENCH_TRACES_SAMPLER  the "on" platform's OTEL_TRACES_SAMPLER (default parentbased_always_on: every request
//                      traced), with BENCH_TRACES_SAMPLER_ARG its ratio: the cost at a deployment's own sampling
//   BENCH_KEYS_RATE, BENCH_CHAT_RATE  requests/s offered to each platform (default 0: as many as it answers,
//                      the throughput at saturation); a rate both sustain compares CPU per request at equal load
//   BENCH_ON           what the "on" platform has: metrics,traces (the default), metrics (scraped, no
//                      tracing), traces (no scrapes) or none (an A/A run: the bench's own noise)
//   BENCH_TRACED_SERVICES  the "on" platform's services given the OTEL_* variables, comma-separated (default
//                      all of them but the sandbox): one alone shows its own share of the cost
//   BENCH_SCENARIOS    the scenarios run, comma-separated: keys, chat (default both)
//   BENCH_SWAP         1: the "on" platform takes the first place (ports, subjects, started, warmed up and
//                      loaded first) and the "off" one the second, the other way round from the default;
//                      the A/A runs favour one place, so a loss is read from a run each way
//   BENCH_PAIRED       1: both platforms loaded at the same time in each slice rather than in turns, so
//                      the machine's other load falls on both at every instant; with the fixed rates only
//                      (at saturation the two compete for the cores and the slower one batches ever less)
//
// Each platform is sandbox + identity + ai-gateway + usage + gateway from dist, with its own ports,
// NATS subjects (benchobs-a., benchobs-b.) and Redis keys, on one benchmark database
// (platform_obs_bench, dropped and migrated afresh). Chat callers are solo-plan users from X-Forwarded-For
// addresses of their own (the AI route's 30 per minute per IP), in turns among a thousand ids.
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { call, clientIp, signedInUser, sleep, waitUntil } from './http.mjs';
import { benchPlatformEnv } from './platform-env.mjs';
import { build, cpuMsOf, describeOutput, profileArgs, runBench, runToCompletion, startNode, stopAll } from './processes.mjs';
import { resultLine } from './report.mjs';
import { setting } from './settings.mjs';
import { CHAT_MODEL, chatBody, soloCallers } from './solo-chat.mjs';

const DATABASE = 'platform_obs_bench';
const KEY = 'bench-obs-key';
const SERVICES = ['sandbox', 'identity', 'ai-gateway', 'usage', 'gateway'];
/** The AI vendor's stand-in: left out of the platform's CPU. */
const VENDOR = 'sandbox';
const TARGET_LOSS_PERCENT = 5;
/** The scenarios loaded, by id (BENCH_SCENARIOS). */
const SCENARIOS = { keys: 'GET /api/keys (web, cookie)', chat: 'POST /api/ai/chat (backend, solo)' };
/** How long every slice settles before its CPU time is read: the SDK's export delay (5 s) and 2 s for the export. */
const SETTLE_MS = 7000;
const COLLECTOR_PORT = 19530;

/**
 * The two platforms' places: ports, ops ports (one per service, from `ops`) and the prefix of their
 * subjects and keys. The first is started, warmed up and loaded first; the untraced platform takes it
 * unless BENCH_SWAP=1.
 */
const SLOTS = [
  { prefix: 'benchobs-a', ops: 19500, ports: { WEB_PORT: 13220, BACKEND_PORT: 14220, SUMMARIZER_PORT: 13320, SANDBOX_PORT: 14820, SANDBOX_SMTP_PORT: 12820 } },
  { prefix: 'benchobs-b', ops: 19510, ports: { WEB_PORT: 13230, BACKEND_PORT: 14230, SUMMARIZER_PORT: 13330, SANDBOX_PORT: 14830, SANDBOX_SMTP_PORT: 12830 } },
];

/** The OTLP receiver the "on" platform exports to, and what it has counted so far. */
async function startCollector() {
  const url = `http://127.0.0.1:${COLLECTOR_PORT}`;
  const handle = startNode('otlp collector', path.join(import.meta.dirname, 'otlp-collector.mjs'), { cwd: ROOT, env: process.env, args: [String(COLLECTOR_PORT)] });
  const stats = async () => JSON.parse((await call('GET', `${url}/stats`)).text);
  await waitUntil('the OTLP collector', async () => (await call('GET', `${url}/stats`)).status === 200, [handle], 10_000);
  return { url, handle, stats };
}

/**
 * Prometheus' side of metrics: every ops port of a platform read each `everyMs`, on one clock for the
 * whole run as a Prometheus would, counted only while the platform is under load (`active`), so the
 * scrapes neither fall on the other platform's slices nor restart with each short slice.
 */
function scraper(urls, everyMs) {
  const state = { scrapes: 0, failed: 0, active: false };
  const timer = setInterval(() => {
    if (!state.active) return;
    for (const url of urls) {
      void call('GET', `${url}/metrics`).then((response) => response.status, () => 0).then((status) => {
        if (status === 200) state.scrapes += 1;
        else state.failed += 1;
      });
    }
  }, everyMs);
  return { state, stop: () => clearInterval(timer) };
}

/** CPU time (ms) each service used so far, by service name (NaN for one gone). */
function cpuMs(platform) {
  return Object.fromEntries(SERVICES.map((name, index) => [name, cpuMsOf(platform.services[index].child.pid)]));
}

/** BENCH_SCENARIOS' entries of SCENARIOS, in their order; all of them by default. */
function scenariosAsked() {
  const asked = (process.env.BENCH_SCENARIOS || Object.keys(SCENARIOS).join(',')).split(',').map((id) => id.trim());
  const unknown = asked.filter((id) => !(id in SCENARIOS));
  if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS: no scenario ${unknown.join(', ')} (there are ${Object.keys(SCENARIOS).join(', ')})`);
  return Object.entries(SCENARIOS).filter(([id]) => asked.includes(id));
}

/** BENCH_TRACED_SERVICES, or every service but the vendor's stand-in. */
function tracedServicesOf() {
  return (process.env.BENCH_TRACED_SERVICES || SERVICES.filter((name) => name !== VENDOR).join(',')).split(',').map((name) => name.trim());
}

function startPlatform(side, { prefix, ops, ports }, databaseUrl, observability) {
  const untraced = (env) => Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OTEL_')));
  const tracedServices = tracedServicesOf();
  const env = benchPlatformEnv({
    ports, internalKey: KEY, DATABASE_URL: databaseUrl, NATS_PREFIX: `${prefix}.`, REDIS_PREFIX: `${prefix}:`, BOT_CHECK_SECRET: '',
    SMTP_URL: `smtp://127.0.0.1:${ports.SANDBOX_SMTP_PORT}`, ...observability,
  });
  const services = SERVICES.map((name, index) => startNode(`${name} (${side})`, path.join(ROOT, 'services', name, 'dist', 'main.js'), {
    cwd: ROOT, env: { ...(tracedServices.includes(name) ? env : untraced(env)), OPS_PORT: String(ops + index) }, nodeArgs: profileArgs(`${name}-${side}`),
  }));
  // The sandbox stands in for third parties: it has no ops server.
  const opsUrls = Object.fromEntries(SERVICES.filter((name) => name !== 'sandbox').map((name) => [name, `http://127.0.0.1:${ops + SERVICES.indexOf(name)}`]));
  return { side, env, services, opsUrls, web: `http://127.0.0.1:${ports.WEB_PORT}`, backend: `http://127.0.0.1:${ports.BACKEND_PORT}`, sandbox: `http://127.0.0.1:${ports.SANDBOX_PORT}` };
}

/** The two scenarios on one platform: what autocannon sends, and a probe that must answer 200 first. */
async function scenariosOf(platform, index) {
  const { cookie } = await signedInUser(platform.web, { email: `obs-${platform.side}-${Date.now()}@bench.local`, password: 'bench-password-123', ip: clientIp(index + 1) });
  const created = await call('POST', `${platform.web}/api/keys`, { body: { name: 'bench' }, headers: { cookie, 'x-forwarded-for': clientIp(index + 1) } });
  if (created.status !== 201 && created.status !== 200) throw new Error(`POST /api/keys (${platform.side}) answered ${created.status}: ${created.text.slice(0, 200)}`);
  return {
    keys: { url: `${platform.web}/api/keys`, headers: { cookie } },
    chat: { url: `${platform.backend}/api/ai/chat`, method: 'POST', body: chatBody(), ...soloCallers(KEY) },
  };
}

async function main() {
  const durationSec = setting('BENCH_DURATION', 10, { integer: true });
  const rounds = setting('BENCH_ROUNDS', 5, { integer: true });
  const connections = setting('BENCH_CONNECTIONS', 20, { integer: true });
  const warmupSec = setting('BENCH_WARMUP', 2, { integer: true, allowZero: true });
  const upstreamMs = setting('BENCH_UPSTREAM_MS', 0, { integer: true, allowZero: true });
  const scrapeMs = setting('BENCH_SCRAPE_MS', 5000, { integer: true });
  const rates = { keys: setting('BENCH_KEYS_RATE', 0, { integer: true, allowZero: true }), chat: setting('BENCH_CHAT_RATE', 0, { integer: true, allowZero: true }) };
  const enabled = new Set((process.env.BENCH_ON ?? 'metrics,traces').split(',').map((part) => part.trim()));
  const traced = enabled.has('traces');
  const scraped = enabled.has('metrics');
  const paired = process.env.BENCH_PAIRED === '1';
  const swapped = process.env.BENCH_SWAP === '1';
  const scenarios = scenariosAsked();
  const sampler = traced ? process.env.BENCH_TRACES_SAMPLER || 'parentbased_always_on' : 'none (untraced)';
  ensureInstalled();
  const { load, Samples } = await import('./load.mjs');
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  await build('bench:observability');
  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const { deleteEventStream, deleteRedisKeys, LlmSandbox } = await import('@platform/testing');

  const databaseUrl = process.env.BENCH_DATABASE_URL || benchDatabaseUrl(DATABASE);
  const collector = await startCollector();
  let exported = await collector.stats();
  for (const { prefix } of SLOTS) {
    await deleteRedisKeys(`${prefix}:`);
    await deleteEventStream(`${prefix}.`);
  }
  await dropBenchDatabase(databaseUrl, DATABASE);
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, timeoutMs: 120_000 });
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  const observed = !traced ? {} : {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_TRACES_SAMPLER: sampler,
    OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_TRACES_SAMPLER_ARG ?? '',
  };
  // In the order of SLOTS: the first one started is also warmed up and loaded first.
  const [first, second] = (swapped ? ['on', 'off'] : ['off', 'on']).map((side, index) => startPlatform(side, SLOTS[index], databaseUrl, side === 'on' ? observed : {}));
  const [off, on] = swapped ? [second, first] : [first, second];
  const services = [...first.services, ...second.services, collector.handle];
  try {
    for (const platform of [first, second]) {
      await waitUntil(`GET /api/ai/health (${platform.side})`, async () => (await call('GET', `${platform.backend}/api/ai/health`)).status === 200, services, 90_000);
      await waitUntil(`identity (${platform.side})`, async () => (await call('GET', `${platform.web}/api/auth/session`)).status === 200, services, 90_000);
      await waitUntil(`usage (${platform.side})`, async () => (await call('GET', `${platform.opsUrls.usage}/readyz`)).status === 200, services, 90_000);
      platform.scenarios = await scenariosOf(platform, platform === off ? 0 : 1);
      platform.llm = new LlmSandbox(platform.sandbox);
    }
    const scrapes = scraper(scraped ? Object.values(on.opsUrls) : [], scrapeMs);
    /**
     * One slice of load on one platform; the "on" one scraped meanwhile. Then its queued work and
     * batched spans settle, their CPU time counted with the slice's.
     */
    const slice = async (platform, id, seconds, title) => {
      await platform.llm.reset();
      await platform.llm.control(CHAT_MODEL, { latencyMs: upstreamMs });
      const cpuBefore = cpuMs(platform);
      if (platform === on) scrapes.state.active = true;
      const result = await load({ ...platform.scenarios[id], connections, durationSec: seconds, title, overallRate: rates[id] || undefined });
      if (platform === on) scrapes.state.active = false;
      await settle();
      const cpuAfter = cpuMs(platform);
      return { ...result, cpuMs: Object.fromEntries(SERVICES.map((name) => [name, cpuAfter[name] - cpuBefore[name]])) };
    };
    /**
     * The same wait after every slice of either platform, so both count the same idle time: the SDK
     * exports a batch 5 s after its first span at the latest. A wait that ended once the collector
     * was quiet charged the "on" platform up to 5 s more idle CPU per slice whenever it exported.
     */
    const settle = async () => {
      await sleep(SETTLE_MS);
      exported = await collector.stats();
    };

    const offered = Object.entries(rates).filter(([, rate]) => rate > 0).map(([id, rate]) => `${id} at ${rate} req/s`).join(', ') || 'as fast as each answers';
    console.log(`bench:observability: ${durationSec} s per platform and scenario in ${rounds} ${paired ? 'paired (both at once)' : 'alternating'} rounds, ${connections} connections (${offered}), "${first.side}" platform first, upstream latency ${upstreamMs} ms, sampler ${sampler}${traced ? ` in ${tracedServicesOf().join(', ')}` : ''}, ${scraped ? `scrapes every ${scrapeMs} ms` : 'no scrapes'}; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    const results = [];
    for (const [id, label] of scenarios) {
      if (warmupSec > 0) for (const platform of [first, second]) await slice(platform, id, warmupSec, `${platform.side} warm-up`);
      const pooled = { off: { latency: new Samples(), seconds: 0, results: [] }, on: { latency: new Samples(), seconds: 0, results: [] } };
      const spansBefore = exported.spans;
      for (let round = 0; round < rounds; round += 1) {
        // Each goes first in every other round, so neither always follows the other's leftovers.
        const order = round % 2 === 0 ? [first, second] : [second, first];
        const sliced = paired
          ? await Promise.all(order.map((platform) => slice(platform, id, durationSec / rounds, platform.side)))
          : [await slice(order[0], id, durationSec / rounds, order[0].side), await slice(order[1], id, durationSec / rounds, order[1].side)];
        for (const [index, result] of sliced.entries()) {
          const into = pooled[order[index].side];
          into.latency.concat(result.samples);
          into.seconds += result.durationSec;
          into.results.push(result);
        }
      }
      const offSide = summarize(pooled.off);
      const onSide = summarize(pooled.on);
      const entry = {
        id, label, off: offSide, on: onSide, spansExported: exported.spans - spansBefore, fixedRate: rates[id] > 0,
        lossPercent: round((1 - onSide.requestsPerSec / offSide.requestsPerSec) * 100),
        cpuOverheadPercent: round((onSide.cpuMsPerRequest / offSide.cpuMsPerRequest - 1) * 100),
      };
      results.push(entry);
      console.log(describe(entry));
    }
    scrapes.stop();
    if (traced && !process.env.BENCH_TRACES_SAMPLER && results.some((entry) => entry.spansExported === 0)) throw Object.assign(new Error('the collector received no spans from the "on" platform: tracing was not on'), { services });
    console.log(`\n  scrapes of the "on" platform's ${Object.keys(on.opsUrls).length} ops ports: ${scrapes.state.scrapes} answered, ${scrapes.state.failed} failed; ${exported.exports} OTLP exports, ${exported.spans} spans in all`);
    console.log(resultLine({ scenario: 'observability', durationSec, rounds, paired, swapped, connections, rates, upstreamLatencyMs: upstreamMs, scrapeMs, sampler, targetLossPercent: TARGET_LOSS_PERCENT, results }));
    const failed = results.some(({ off: a, on: b }) => [a, b].some((side) => side.non2xx || side.errors || side.timeouts));
    return failed ? 1 : 0;
  } catch (error) {
    for (const service of services) console.error(describeOutput(service));
    throw error;
  } finally {
    await stopAll();
    for (const { prefix } of SLOTS) {
      await deleteRedisKeys(`${prefix}:`);
      await deleteEventStream(`${prefix}.`);
    }
  }
}

/**
 * One side's pooled slices: requests/s over the time measured, percentiles over every 2xx, CPU ms per
 * request of the platform (every service but the vendor's stand-in) and of each service.
 */
function summarize({ latency, seconds, results }) {
  const [p50, p99] = latency.percentiles(50, 99);
  const total = (field) => results.reduce((sum, result) => sum + result[field], 0);
  const requests = total('total2xx');
  const cpuOf = (name) => results.reduce((sum, result) => sum + result.cpuMs[name], 0);
  const byService = Object.fromEntries(SERVICES.map((name) => [name, round(cpuOf(name) / requests, 3)]));
  const platformCpu = SERVICES.filter((name) => name !== VENDOR).reduce((sum, name) => sum + cpuOf(name), 0);
  return {
    requestsPerSec: round(requests / seconds, 1), p50Ms: round(p50), p99Ms: round(p99),
    cpuMsPerRequest: round(platformCpu / requests, 3), cpuMsPerRequestByService: byService,
    total2xx: requests, non2xx: total('non2xx'), errors: total('errors'), timeouts: total('timeouts'),
  };
}

function round(value, digits = 2) {
  return Number.isFinite(value) ? Number(value.toFixed(digits)) : NaN;
}

function describe({ label, off, on, lossPercent, cpuOverheadPercent, spansExported, fixedRate }) {
  const row = (name, pick) => `  ${name.padEnd(20)}${String(pick(off)).padStart(18)}${String(pick(on)).padStart(18)}`;
  return `
${label} (${os.availableParallelism()} CPU cores shared by the load generator, both platforms and the collector)
  ${''.padEnd(20)}${'off'.padStart(18)}${'metrics + traces'.padStart(18)}
${row('requests/s', (side) => side.requestsPerSec)}
${row('latency p50 / p99', (side) => `${side.p50Ms} / ${side.p99Ms}`)}
${row('2xx / other', (side) => `${side.total2xx} / ${side.non2xx + side.errors + side.timeouts}`)}
${row('CPU ms / request', (side) => side.cpuMsPerRequest)}
${SERVICES.map((name) => row(`  ${name}${name === VENDOR ? ' (vendor)' : ''}`, (side) => side.cpuMsPerRequestByService[name])).join('\n')}
  ${fixedRate
    ? 'loss of throughput: not measured at a fixed rate (both are offered the same); CPU per request is the figure'
    : `loss of throughput with observability on: ${lossPercent} % (target under ${TARGET_LOSS_PERCENT} %: ${lossPercent < TARGET_LOSS_PERCENT ? 'met' : 'NOT met'})`}; ${spansExported} spans exported
  CPU per request (the platform's processes but the vendor's, with the work left after each slice): ${cpuOverheadPercent} % more with observability on`;
}

runBench('bench:observability', main);
