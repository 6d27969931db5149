// npm run bench:ai: POST /api/ai/chat through the gateway's backend surface, against the sandbox's
// aggregator with a fixed upstream latency, with autocannon on loopback. Reports requests/s, p50/p99
// of the whole call, p50/p99 of the upstream (the sandbox's own answer times, from the same run) and
// the gateway overhead as their difference.
//
//   BENCH_DURATION     seconds (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 50)
//   BENCH_WARMUP       seconds of unmeasured load first (default 2, 0 = none)
//   BENCH_UPSTREAM_MS  the sandbox model's fixed latency (default 50)
//
// Starts sandbox + ai-gateway + gateway (no database needed) on their own ports, with benchai.-prefixed
// NATS subjects and benchai:-prefixed Redis keys, which it removes at the end. Each request comes from
// its own X-Forwarded-For address (TRUST_PROXY=true): the AI route allows 30 per minute per IP, and the
// limiter still runs for every request. Callers are solo-plan users, so every request also reserves
// and settles its quota in Redis and enqueues a usage event; they take turns among USERS ids, because
// one user's monthly quota is spent after some 77k calls and a longer run would end in 429s.
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { call, clientIp, waitUntil } from './http.mjs';
import { benchPlatformEnv } from './platform-env.mjs';
import { build, describeOutput, startNode, stopAll } from './processes.mjs';
import { resultLine } from './report.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13010, BACKEND_PORT: 14010, SUMMARIZER_PORT: 13110, SANDBOX_PORT: 14610 };
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const MODEL = 'meta-llama/llama-3.3-70b-instruct';
const KEY = 'bench-ai-key';
const REDIS_PREFIX = 'benchai:';
const SERVICES = ['sandbox', 'ai-gateway', 'gateway'];
const USERS = 1024;

async function main() {
  const durationSec = setting('BENCH_DURATION', 10, { integer: true });
  const connections = setting('BENCH_CONNECTIONS', 50, { integer: true });
  const warmupSec = setting('BENCH_WARMUP', 2, { integer: true, allowZero: true });
  const upstreamMs = setting('BENCH_UPSTREAM_MS', 50, { integer: true, allowZero: true });
  ensureInstalled();
  const { load, Samples } = await import('./load.mjs');
  if (!ensureInfrastructure()) throw new Error('Redis and NATS must be reachable: see the lines above.');

  await build('bench:ai');
  // Built above: the same sandbox controls and key clean-up the tests use.
  const { deleteRedisKeys, LlmSandbox } = await import('@platform/testing');

  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = benchPlatformEnv({ ports: PORTS, internalKey: KEY, REDIS_URL: redisUrl, NATS_PREFIX: 'benchai.', REDIS_PREFIX });
  await deleteRedisKeys(REDIS_PREFIX);
  const services = SERVICES.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env }));
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    await waitUntil('GET /api/ai/health', async () => (await call('GET', `${BACKEND}/api/ai/health`)).status === 200, services, 90_000);

    const headers = {
      authorization: `Bearer ${KEY}`, 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_bench',
      'x-user-id': 'bench-user-0', 'x-agent-id': 'bench-agent', 'content-type': 'application/json',
    };
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'Hello from the benchmark' }], model: MODEL, max_tokens: 64 });
    const probe = await call('POST', `${BACKEND}/api/ai/chat`, { body: JSON.parse(body), headers: { ...headers, 'x-forwarded-for': '10.255.255.254' } });
    if (probe.status !== 200 || probe.json?.model !== MODEL) throw Object.assign(new Error(`probe chat answered ${probe.status}: ${probe.text.slice(0, 300)}`), { services });

    let sequence = 0;
    const setupRequest = (request) => {
      sequence += 1;
      request.headers = {
        ...request.headers,
        'x-forwarded-for': clientIp(sequence),
        'x-user-id': `bench-user-${sequence % USERS}`,
      };
      return request;
    };
    const sandbox = new LlmSandbox(SANDBOX);
    const control = () => sandbox.control(MODEL, { latencyMs: upstreamMs });
    await control();
    const run = { url: `${BACKEND}/api/ai/chat`, connections, headers, method: 'POST', body, setupRequest };
    if (warmupSec > 0) await load({ ...run, durationSec: warmupSec, title: 'ai-chat warm-up' });
    await sandbox.reset();
    await control();

    console.log(`bench:ai: POST /api/ai/chat, ${durationSec} s, ${connections} connections, upstream latency ${upstreamMs} ms; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    const result = await load({ ...run, durationSec, title: 'ai-chat' });
    const upstream = new Samples();
    for (const entry of await sandbox.calls()) if (entry.model === MODEL && entry.durationMs !== null) upstream.push(entry.durationMs);
    const [upstreamP50, upstreamP99] = upstream.percentiles(50, 99);
    const summary = {
      durationSec, connections, upstreamLatencyMs: upstreamMs,
      requestsPerSec: Number(result.requestsPerSec.toFixed(1)),
      p50Ms: Number(result.p50Ms.toFixed(2)), p99Ms: Number(result.p99Ms.toFixed(2)),
      upstreamP50Ms: Number(upstreamP50.toFixed(2)), upstreamP99Ms: Number(upstreamP99.toFixed(2)),
      overheadP50Ms: Number((result.p50Ms - upstreamP50).toFixed(2)), overheadP99Ms: Number((result.p99Ms - upstreamP99).toFixed(2)),
      total2xx: result.total2xx, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, upstreamCalls: upstream.length,
    };
    console.log(`
POST /api/ai/chat through the gateway (${os.availableParallelism()} CPU cores shared by load generator, gateway, ai-gateway and sandbox)
  requests/s          ${summary.requestsPerSec}
  latency p50 / p99   ${summary.p50Ms} / ${summary.p99Ms} ms (2xx only)
  upstream p50 / p99  ${summary.upstreamP50Ms} / ${summary.upstreamP99Ms} ms (sandbox answer times, same run, ${upstream.length} calls)
  overhead p50 / p99  ${summary.overheadP50Ms} / ${summary.overheadP99Ms} ms (ours minus upstream, per percentile)
  2xx ${summary.total2xx}, non-2xx ${summary.non2xx} ${JSON.stringify(result.statusCodes)}, errors ${summary.errors}, timeouts ${summary.timeouts}
`);
    console.log(resultLine(summary));
    return result.non2xx || result.errors || result.timeouts ? 1 : 0;
  } finally {
    await stopAll();
    await deleteRedisKeys(REDIS_PREFIX);
  }
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(`\nbench:ai: ${error.message}`);
    for (const service of error.services ?? []) console.error(describeOutput(service));
    await stopAll().catch(() => undefined);
    process.exit(1);
  },
);
