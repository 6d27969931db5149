// npm run bench:ai: POST /api/ai/chat through the gateway's backend surface and, in the same run, the
// same chat through a peer gateway (Portkey's open source gateway, the @portkey-ai/gateway
// devDependency), both against the sandbox's aggregator at one fixed upstream latency, with the same
// autocannon load on loopback. For each connection count it reports, for both: requests/s, p50/p99 of
// the whole call, p50/p99 of the upstream (the sandbox's own answer times, from that same run) and the
// overhead as their difference, and the CPU time its own processes spent per request (ours: gateway and
// ai-gateway), and apart from it the Redis and NATS servers' (shared with the rest of the machine, so
// only as clean as the machine is quiet; the peer's line shows what others used meanwhile); then the
// ratios ours/peer (at most 1 for overhead and CPU, at least 1 for req/s is at or past the peer).
// "ours" twice: as deployed by default (gateway and ai-gateway, each its own process, a chat crossing
// NATS both ways), and "hosted", a second gateway hosting ai-gateway (GATEWAY_HOSTS=ai-gateway,
// COALESCE_WRITES=false, on its own ports, NATS and Redis prefixes), a chat making no NATS hop.
//
//   BENCH_DURATION     measured seconds per contender and connection count (default 10)
//   BENCH_ROUNDS       slices that time is cut into, ours and the peer's taken in turns (default 5)
//   BENCH_CONNECTIONS  concurrent connections: one count, or several comma-separated (default 1,50)
//   BENCH_WARMUP       seconds of unmeasured load on each contender before its rounds (default 2, 0 = none),
//                      at the highest connection count asked: at one connection 2 s is some 30 calls,
//                      too few for V8 to optimise either side's code, and a gateway in service runs warm
//   BENCH_UPSTREAM_MS  the sandbox model's fixed latency (default 50)
//   BENCH_CPU_PROF_DIR when set, every process started here writes a CPU profile (node --cpu-prof) there
//
// Starts sandbox + ai-gateway + gateway (no database needed) and the peer on their own ports, with
// benchai.-prefixed NATS subjects and benchai:-prefixed Redis keys, which it removes at the end. Each of
// our requests comes from its own X-Forwarded-For address (TRUST_PROXY=true): the AI route allows 30 per
// minute per IP, and the limiter still runs for every request. Our callers are solo-plan users, so every
// request also reserves and settles its quota in Redis and enqueues a usage event; they take turns among
// a thousand ids (solo-chat.mjs), because one user's monthly quota is spent after some 77k calls and a longer run would end
// in 429s. The peer does none of that: it is the bare proxy cost our extra work is measured against.
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { call, waitUntil } from './http.mjs';
import { PEER_NAME, startPeerGateway } from './peer-gateway.mjs';
import { benchPlatformEnv, HOSTED_AI_GATEWAY } from './platform-env.mjs';
import { build, cpuMsOf, pidsNamed, profileArgs, runBench, startNode, stopAll } from './processes.mjs';
import { resultLine } from './report.mjs';
import { setting } from './settings.mjs';
import { CHAT_MODEL as MODEL, chatBody, soloCallers } from './solo-chat.mjs';

const PORTS = { WEB_PORT: 13010, BACKEND_PORT: 14010, SUMMARIZER_PORT: 13110, SANDBOX_PORT: 14610 };
const HOSTED_PORTS = { ...PORTS, WEB_PORT: 13011, BACKEND_PORT: 14011, SUMMARIZER_PORT: 13111 };
const PEER_PORT = 14710;
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const HOSTED_BACKEND = `http://127.0.0.1:${HOSTED_PORTS.BACKEND_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const KEY = 'bench-ai-key';
const REDIS_PREFIX = 'benchai:';
const HOSTED_REDIS_PREFIX = 'benchaih:';
const SERVICES = ['sandbox', 'ai-gateway', 'gateway'];
const HOSTED_NAME = 'gateway hosting ai-gateway';

/** BENCH_CONNECTIONS as a list of counts, each held to the same rules as a single one. */
function connectionCounts() {
  const raw = process.env.BENCH_CONNECTIONS?.trim() || '1,50';
  const counts = raw.split(',').map((part) => setting('BENCH_CONNECTIONS', undefined, { integer: true, source: part }));
  if (counts.includes(undefined)) throw new Error(`BENCH_CONNECTIONS must be whole numbers > 0, comma-separated (got "${raw}")`);
  return counts;
}

/** Our two ways and the peer under the same load: what each is sent, and how a single call is checked. */
function contenders(peerGateway) {
  const body = chatBody();
  const callers = soloCallers(KEY);
  const ours = {
    name: 'ours',
    url: `${BACKEND}/api/ai/chat`,
    processes: ['gateway', 'ai-gateway'],
    ...callers,
    probeHeaders: { ...callers.headers, 'x-forwarded-for': '10.255.255.254' },
    answered: (json) => json?.model === MODEL,
  };
  const hosted = { ...ours, name: 'hosted', url: `${HOSTED_BACKEND}/api/ai/chat`, processes: [HOSTED_NAME] };
  const peer = {
    name: 'peer',
    url: peerGateway.url,
    processes: [PEER_NAME],
    headers: peerGateway.headers,
    probeHeaders: peerGateway.headers,
    answered: (json) => json?.model === MODEL && typeof json?.choices?.[0]?.message?.content === 'string',
  };
  return { body, list: [ours, hosted, peer] };
}

async function main() {
  const durationSec = setting('BENCH_DURATION', 10, { integer: true });
  const counts = connectionCounts();
  const warmupSec = setting('BENCH_WARMUP', 2, { integer: true, allowZero: true });
  const upstreamMs = setting('BENCH_UPSTREAM_MS', 50, { integer: true, allowZero: true });
  const rounds = setting('BENCH_ROUNDS', 5, { integer: true });
  ensureInstalled();
  const { load, Samples } = await import('./load.mjs');
  if (!ensureInfrastructure()) throw new Error('Redis and NATS must be reachable: see the lines above.');

  await build('bench:ai');
  // Built above: the same sandbox controls and key clean-up the tests use.
  const { deleteRedisKeys, LlmSandbox } = await import('@platform/testing');

  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = benchPlatformEnv({ ports: PORTS, internalKey: KEY, REDIS_URL: redisUrl, NATS_PREFIX: 'benchai.', REDIS_PREFIX });
  const hostedEnv = {
    ...benchPlatformEnv({ ports: HOSTED_PORTS, internalKey: KEY, REDIS_URL: redisUrl, NATS_PREFIX: 'benchaih.', REDIS_PREFIX: HOSTED_REDIS_PREFIX }),
    ...HOSTED_AI_GATEWAY,
  };
  await Promise.all([deleteRedisKeys(REDIS_PREFIX), deleteRedisKeys(HOSTED_REDIS_PREFIX)]);
  const services = SERVICES.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env, nodeArgs: profileArgs(name) }));
  services.push(startNode(HOSTED_NAME, path.join(ROOT, 'services', 'gateway', 'dist', 'main.js'), { cwd: ROOT, env: hostedEnv, nodeArgs: profileArgs('hosted') }));
  const peerGateway = startPeerGateway(PEER_PORT, SANDBOX);
  services.push(peerGateway.handle);
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    const sandbox = new LlmSandbox(SANDBOX);
    await waitUntil('the sandbox', async () => Array.isArray(await sandbox.calls()), services, 90_000);
    for (const backend of [BACKEND, HOSTED_BACKEND]) {
      await waitUntil(`GET ${backend}/api/ai/health`, async () => (await call('GET', `${backend}/api/ai/health`)).status === 200, services, 90_000);
    }
    const { body, list } = contenders(peerGateway);
    await peerGateway.ready(services);
    for (const contender of list) {
      const probe = await call('POST', contender.url, { body: JSON.parse(body), headers: contender.probeHeaders });
      if (probe.status !== 200 || !contender.answered(probe.json)) {
        throw Object.assign(new Error(`probe chat (${contender.name}) answered ${probe.status}: ${probe.text.slice(0, 300)}`), { services });
      }
    }

    const control = () => sandbox.control(MODEL, { latencyMs: upstreamMs });
    const cpuOf = (names) => names.reduce((sum, name) => sum + cpuMsOf(services.find((handle) => handle.name === name).child.pid), 0);
    const sharedPids = [...pidsNamed('redis-server'), ...pidsNamed('nats-server')];
    const sharedCpu = () => sharedPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    /** One slice of load on one contender, with the sandbox's own answer times and the contender's CPU time for that slice alone. */
    const slice = async (contender, connections, seconds, title) => {
      await sandbox.reset();
      await control();
      const cpuBefore = cpuOf(contender.processes);
      const sharedBefore = sharedCpu();
      const result = await load({ url: contender.url, connections, headers: contender.headers, method: 'POST', body, setupRequest: contender.setupRequest, durationSec: seconds, title });
      const cpuMs = cpuOf(contender.processes) - cpuBefore;
      const sharedCpuMs = sharedCpu() - sharedBefore;
      const upstream = new Samples();
      for (const entry of await sandbox.calls()) if (entry.model === MODEL && entry.durationMs !== null) upstream.push(entry.durationMs);
      return { result, upstream, cpuMs, sharedCpuMs };
    };
    /**
     * Both contenders at one connection count: each warmed up, then `rounds` slices each, taken in
     * turns, so a change in the machine's other load during the run falls on both alike.
     */
    const measure = async (connections) => {
      const pooled = Object.fromEntries(list.map((contender) => [contender.name, { latency: new Samples(), upstream: new Samples(), seconds: 0, cpuMs: 0, sharedCpuMs: 0, results: [] }]));
      if (warmupSec > 0) for (const contender of list) await slice(contender, Math.max(...counts), warmupSec, `${contender.name} warm-up`);
      for (let round = 0; round < rounds; round += 1) {
        for (const contender of list) {
          const { result, upstream, cpuMs, sharedCpuMs } = await slice(contender, connections, durationSec / rounds, contender.name);
          const into = pooled[contender.name];
          into.cpuMs += cpuMs;
          into.sharedCpuMs += sharedCpuMs;
          into.latency.concat(result.samples);
          into.upstream.concat(upstream);
          into.seconds += result.durationSec;
          into.results.push(result);
        }
      }
      return Object.fromEntries(list.map((contender) => [contender.name, summarize(pooled[contender.name])]));
    };

    console.log(`bench:ai: POST /api/ai/chat (ours: separate services, and hosted: ai-gateway in the gateway's process) and the peer's POST /v1/chat/completions, ${durationSec} s each in ${rounds} alternating rounds at ${counts.join(' and ')} connections, upstream latency ${upstreamMs} ms; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    const runs = [];
    for (const connections of counts) {
      const { ours, hosted, peer } = await measure(connections);
      const entry = { connections, ours, hosted, peer, ratios: ratiosOf(ours, peer), hostedRatios: ratiosOf(hosted, peer) };
      runs.push(entry);
      console.log(describeRun(entry));
    }
    console.log(resultLine({ scenario: 'ai-chat', durationSec, rounds, upstreamLatencyMs: upstreamMs, runs }));
    const failed = runs.some(({ ours, hosted, peer }) => [ours, hosted, peer].some((side) => side.non2xx || side.errors || side.timeouts));
    return failed ? 1 : 0;
  } finally {
    await stopAll();
    await Promise.all([deleteRedisKeys(REDIS_PREFIX), deleteRedisKeys(HOSTED_REDIS_PREFIX)]);
  }
}

/** One of our sides against the peer: at most 1 for overhead and CPU, at least 1 for requests/s, is at or past it. */
function ratiosOf(ours, peer) {
  return {
    overheadP50: round(ours.overheadP50Ms / peer.overheadP50Ms), overheadP99: round(ours.overheadP99Ms / peer.overheadP99Ms),
    requestsPerSec: round(ours.requestsPerSec / peer.requestsPerSec), cpuMsPerRequest: round(ours.cpuMsPerRequest / peer.cpuMsPerRequest),
  };
}

/**
 * One contender's pooled slices: requests/s over the time measured, percentiles over every 2xx and
 * every upstream answer, its processes' CPU time over every answer.
 */
function summarize({ latency, upstream, seconds, cpuMs, sharedCpuMs, results }) {
  const [p50, p99] = latency.percentiles(50, 99);
  const [upstreamP50, upstreamP99] = upstream.percentiles(50, 99);
  const total = (field) => results.reduce((sum, result) => sum + result[field], 0);
  return {
    requestsPerSec: round(total('total2xx') / seconds, 1), p50Ms: round(p50), p99Ms: round(p99),
    upstreamP50Ms: round(upstreamP50), upstreamP99Ms: round(upstreamP99),
    overheadP50Ms: round(p50 - upstreamP50), overheadP99Ms: round(p99 - upstreamP99),
    cpuMsPerRequest: round(cpuMs / (total('total2xx') + total('non2xx')), 3),
    sharedServersCpuMsPerRequest: round(sharedCpuMs / (total('total2xx') + total('non2xx')), 3),
    total2xx: total('total2xx'), non2xx: total('non2xx'), errors: total('errors'), timeouts: total('timeouts'), upstreamCalls: upstream.length,
  };
}

function round(value, digits = 2) {
  return Number.isFinite(value) ? Number(value.toFixed(digits)) : NaN;
}

function describeRun({ connections, ours, hosted, peer, ratios, hostedRatios }) {
  const sides = [ours, hosted, peer];
  const row = (label, pick) => `  ${label.padEnd(20)}${sides.map((side) => String(pick(side)).padStart(18)).join('')}`;
  const ratioLine = (name, { overheadP50, overheadP99, requestsPerSec, cpuMsPerRequest }) =>
    `  ${name} / peer: overhead p50 ${overheadP50}x, overhead p99 ${overheadP99}x, requests/s ${requestsPerSec}x, CPU per request ${cpuMsPerRequest}x`;
  return `
${connections} connection${connections === 1 ? '' : 's'} (${os.availableParallelism()} CPU cores shared by load generator, gateways and sandbox)
  ${''.padEnd(20)}${['ours', 'hosted', 'peer (portkey)'].map((name) => name.padStart(18)).join('')}
${row('requests/s', (side) => side.requestsPerSec)}
${row('latency p50 / p99', (side) => `${side.p50Ms} / ${side.p99Ms}`)}
${row('upstream p50 / p99', (side) => `${side.upstreamP50Ms} / ${side.upstreamP99Ms}`)}
${row('overhead p50 / p99', (side) => `${side.overheadP50Ms} / ${side.overheadP99Ms}`)}
${row('CPU ms / request', (side) => side.cpuMsPerRequest)}
${row('  + Redis, NATS', (side) => side.sharedServersCpuMsPerRequest)}
${row('2xx / other', (side) => `${side.total2xx} / ${side.non2xx + side.errors + side.timeouts}`)}
${ratioLine('ours', ratios)}
${ratioLine('hosted', hostedRatios)}
  (latency over 2xx only; upstream = the sandbox's own answer times in that run; overhead = latency minus upstream, per percentile)`;
}

runBench('bench:ai', main);
