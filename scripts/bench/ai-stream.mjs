// npm run bench:ai-stream: POST /api/ai/chat with stream: true through the gateway's backend surface,
// against the sandbox's aggregator with a fixed latency to its first chunk. For each connection count
// it runs the same streamed calls four times: straight at the sandbox (the upstream's own figures),
// through a bare node:http proxy that only pipes (pipe-proxy.mjs: the floor of one extra hop on this
// machine), through the gateway, and through the peer gateway of bench:ai (Portkey's, peer-gateway.mjs).
// It reports time to first token (p50/p99, the first content chunk as the client reads it) for each,
// the overhead over the upstream's, content chunks/s as the client receives them, and the ratios
// ours/peer (at most 1 for overhead, at least 1 for chunks/s, is at or past the peer).
//
//   BENCH_DURATION      seconds per run (default 10)
//   BENCH_CONNECTIONS   comma-separated concurrent connection counts (default 1,50)
//   BENCH_UPSTREAM_MS   the sandbox model's latency to its first chunk (default 50)
//   BENCH_CHUNK_MS      the sandbox's pause between chunks (default 0)
//   BENCH_WARMUP        seconds of unmeasured streams, straight and through the gateway, at the highest
//                       connection count before anything is measured (default 2, 0 = none): the
//                       one-connection figures are then those of warm code, as in a gateway in service
//   BENCH_CPU_PROF_DIR  when set, every process started here writes a CPU profile (node --cpu-prof) there
//   BENCH_GATEWAY_HOSTS ai-gateway: the gateway hosts ai-gateway in its process (with COALESCE_WRITES=false,
//                       as docs/operations.md advises) instead of ai-gateway running apart
//   BENCH_FROM_SOURCE   1: run the services' TypeScript through libs/testing/ts-loader.mjs instead of
//                       building dist (a worktree whose node_modules links to another checkout's libs)
//
// Starts sandbox + ai-gateway + gateway and the peer on their own ports, with benchstream.-prefixed NATS subjects
// and benchstream:-prefixed Redis keys, which it removes at the end. Every call comes from its own
// X-Forwarded-For address (the AI route allows 30 per minute per IP) and is billed to one of USERS
// solo-plan users, so each one reserves and settles quota and enqueues a usage event, as in production.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { call, clientIp, waitUntil } from './http.mjs';
import { startPeerGateway } from './peer-gateway.mjs';
import { benchPlatformEnv, HOSTED_AI_GATEWAY } from './platform-env.mjs';
import { build, profileArgs, runBench, startNode, stopAll } from './processes.mjs';
import { resultLine } from './report.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13020, BACKEND_PORT: 14020, SUMMARIZER_PORT: 13120, SANDBOX_PORT: 14620 };
const BACKEND = `http://127.0.0.1:${PORTS.BACKEND_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const PEER_PORT = 14720;
const PIPE_PORT = 14730;
const MODEL = 'meta-llama/llama-3.3-70b-instruct';
const KEY = 'bench-stream-key';
const REDIS_PREFIX = 'benchstream:';
const HOSTED = process.env.BENCH_GATEWAY_HOSTS === 'ai-gateway';
const SERVICES = HOSTED ? ['sandbox', 'gateway'] : ['sandbox', 'ai-gateway', 'gateway'];
const USERS = 1024;
/** About fifty words: the answer echoes it, so each call streams some sixty chunks. */
const PROMPT = Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ');

/**
 * One streamed call read to its end: when its first content chunk arrived (ms from the start) and
 * how many content chunks came. Throws unless it ended with [DONE].
 */
async function streamOnce(url, headers, body) {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let firstMs = NaN;
  let chunks = 0;
  let done = false;
  for await (const bytes of response.body) {
    buffer += decoder.decode(bytes, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer.slice(buffer.indexOf('data: ') + 6, cut);
      buffer = buffer.slice(cut + 2);
      if (data === '[DONE]') {
        done = true;
        continue;
      }
      if (JSON.parse(data).choices?.[0]?.delta?.content) {
        chunks += 1;
        if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
      }
    }
  }
  if (!done) throw new Error(`${url}: the stream ended without [DONE]`);
  return { firstMs, chunks };
}

/** `connections` loops of back-to-back streamed calls for durationSec. */
async function run({ Samples, url, connections, durationSec, headersFor, body }) {
  const ttft = new Samples();
  let chunks = 0;
  let calls = 0;
  let failures = 0;
  const deadline = performance.now() + durationSec * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      calls += 1;
      try {
        const result = await streamOnce(url, headersFor(calls), body);
        ttft.push(result.firstMs);
        chunks += result.chunks;
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error(`first failure: ${error.message}`);
      }
    }
  }));
  const elapsedSec = (performance.now() - started) / 1000;
  const [p50, p99] = ttft.percentiles(50, 99);
  return { calls, failures, ttftP50Ms: p50, ttftP99Ms: p99, chunksPerSec: chunks / elapsedSec, callsPerSec: ttft.length / elapsedSec };
}

async function main() {
  const durationSec = setting('BENCH_DURATION', 10, { integer: true });
  const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '1,50').split(',').map((value) => Number(value.trim()));
  if (connectionCounts.some((value) => !Number.isInteger(value) || value < 1)) throw new Error('BENCH_CONNECTIONS: whole numbers >= 1, comma-separated');
  const upstreamMs = setting('BENCH_UPSTREAM_MS', 50, { integer: true, allowZero: true });
  const chunkMs = setting('BENCH_CHUNK_MS', 0, { integer: true, allowZero: true });
  const warmupSec = setting('BENCH_WARMUP', 2, { integer: true, allowZero: true });
  const fromSource = process.env.BENCH_FROM_SOURCE === '1';
  ensureInstalled();
  const { Samples } = await import('./load.mjs');
  if (!ensureInfrastructure()) throw new Error('Redis and NATS must be reachable: see the lines above.');

  const loader = path.join(ROOT, 'libs', 'testing', 'ts-loader.mjs');
  // Registered here too, so that @platform/testing below is this checkout's source.
  if (fromSource) await import(pathToFileURL(loader).href);
  else await build('bench:ai-stream');
  const { deleteRedisKeys, LlmSandbox } = await import('@platform/testing');

  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = benchPlatformEnv({
    ports: PORTS, internalKey: KEY, REDIS_URL: redisUrl, NATS_PREFIX: 'benchstream.', REDIS_PREFIX,
    ...(fromSource ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${loader}`.trim() } : {}),
    ...(HOSTED ? HOSTED_AI_GATEWAY : {}),
  });
  await deleteRedisKeys(REDIS_PREFIX);
  const entry = (name) => path.join(ROOT, 'services', name, ...(fromSource ? ['src', 'main.ts'] : ['dist', 'main.js']));
  const services = SERVICES.map((name) => startNode(name, entry(name), { cwd: ROOT, env, nodeArgs: profileArgs(name) }));
  const peerGateway = startPeerGateway(PEER_PORT, SANDBOX, { streams: true });
  services.push(peerGateway.handle);
  const pipeProxy = `http://127.0.0.1:${PIPE_PORT}`;
  services.push(startNode('pipe proxy', path.join(import.meta.dirname, 'pipe-proxy.mjs'), {
    cwd: ROOT, env: { ...process.env, PORT: String(PIPE_PORT), UPSTREAM: SANDBOX }, nodeArgs: profileArgs('pipe-proxy'),
  }));
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    await waitUntil('GET /api/ai/health', async () => (await call('GET', `${BACKEND}/api/ai/health`)).status === 200, services, 90_000);
    await waitUntil('GET /llm/calls', async () => (await call('GET', `${SANDBOX}/llm/calls`)).status === 200, services, 90_000);
    await peerGateway.ready(services);
    const sandbox = new LlmSandbox(SANDBOX);
    await sandbox.control(MODEL, { latencyMs: upstreamMs, chunkIntervalMs: chunkMs });

    const messages = [{ role: 'user', content: PROMPT }];
    const upstreamHeaders = () => ({ authorization: 'Bearer k', 'content-type': 'application/json' });
    const gatewayHeaders = (sequence) => ({
      authorization: `Bearer ${KEY}`, 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_bench', 'content-type': 'application/json',
      'x-user-id': `bench-user-${sequence % USERS}`, 'x-agent-id': 'bench-agent', 'x-forwarded-for': clientIp(sequence),
    });
    const scenarios = {
      upstream: { url: `${SANDBOX}/openrouter/api/v1/chat/completions`, headersFor: upstreamHeaders },
      pipe: { url: `${pipeProxy}/openrouter/api/v1/chat/completions`, headersFor: upstreamHeaders },
      gateway: { url: `${BACKEND}/api/ai/chat`, headersFor: gatewayHeaders },
      peer: { url: peerGateway.url, headersFor: () => peerGateway.headers },
    };
    const body = JSON.stringify({ messages, model: MODEL, max_tokens: 256, stream: true });
    await waitUntil('the pipe proxy', async () => (await call('GET', `${pipeProxy}/llm/calls`)).status === 200, services, 30_000);
    for (const scenario of [scenarios.gateway, scenarios.peer]) await streamOnce(scenario.url, scenario.headersFor(0), body);
    if (warmupSec > 0) {
      for (const scenario of Object.values(scenarios)) await run({ Samples, ...scenario, connections: Math.max(...connectionCounts), durationSec: warmupSec, body });
    }

    console.log(`bench:ai-stream${HOSTED ? ' (ai-gateway hosted in the gateway)' : ''}: ${durationSec} s per run, connections ${connectionCounts.join(', ')}, upstream first chunk ${upstreamMs} ms, ${chunkMs} ms between chunks; load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    const summary = { durationSec, upstreamFirstChunkMs: upstreamMs, chunkIntervalMs: chunkMs, runs: [] };
    for (const connections of connectionCounts) {
      const upstream = await run({ Samples, ...scenarios.upstream, connections, durationSec, body });
      const pipe = await run({ Samples, ...scenarios.pipe, connections, durationSec, body });
      const gateway = await run({ Samples, ...scenarios.gateway, connections, durationSec, body });
      const peer = await run({ Samples, ...scenarios.peer, connections, durationSec, body });
      const fixed = (value) => Number(value.toFixed(2));
      const row = {
        connections,
        upstreamTtftP50Ms: fixed(upstream.ttftP50Ms), upstreamTtftP99Ms: fixed(upstream.ttftP99Ms),
        ttftP50Ms: fixed(gateway.ttftP50Ms), ttftP99Ms: fixed(gateway.ttftP99Ms),
        overheadP50Ms: fixed(gateway.ttftP50Ms - upstream.ttftP50Ms), overheadP99Ms: fixed(gateway.ttftP99Ms - upstream.ttftP99Ms),
        upstreamChunksPerSec: Math.round(upstream.chunksPerSec), chunksPerSec: Math.round(gateway.chunksPerSec),
        streamsPerSec: fixed(gateway.callsPerSec),
        pipe: { overheadP50Ms: fixed(pipe.ttftP50Ms - upstream.ttftP50Ms), overheadP99Ms: fixed(pipe.ttftP99Ms - upstream.ttftP99Ms), chunksPerSec: Math.round(pipe.chunksPerSec) },
        peer: {
          ttftP50Ms: fixed(peer.ttftP50Ms), ttftP99Ms: fixed(peer.ttftP99Ms),
          overheadP50Ms: fixed(peer.ttftP50Ms - upstream.ttftP50Ms), overheadP99Ms: fixed(peer.ttftP99Ms - upstream.ttftP99Ms),
          chunksPerSec: Math.round(peer.chunksPerSec), streamsPerSec: fixed(peer.callsPerSec),
        },
        failures: upstream.failures + pipe.failures + gateway.failures + peer.failures,
      };
      row.ratios = {
        overheadP50: fixed(row.overheadP50Ms / row.peer.overheadP50Ms), overheadP99: fixed(row.overheadP99Ms / row.peer.overheadP99Ms),
        chunksPerSec: fixed(row.chunksPerSec / row.peer.chunksPerSec),
      };
      summary.runs.push(row);
      console.log(`
${connections} connection(s), streamed chat completions (${os.availableParallelism()} CPU cores shared by client, gateways and sandbox)
                                  ours (POST /api/ai/chat)   peer (portkey)     upstream alone
  time to first token p50 / p99   ${`${row.ttftP50Ms} / ${row.ttftP99Ms} ms`.padEnd(27)}${`${row.peer.ttftP50Ms} / ${row.peer.ttftP99Ms} ms`.padEnd(19)}${row.upstreamTtftP50Ms} / ${row.upstreamTtftP99Ms} ms
  overhead p50 / p99              ${`${row.overheadP50Ms} / ${row.overheadP99Ms} ms`.padEnd(27)}${row.peer.overheadP50Ms} / ${row.peer.overheadP99Ms} ms
  content chunks/s                ${String(row.chunksPerSec).padEnd(27)}${String(row.peer.chunksPerSec).padEnd(19)}${row.upstreamChunksPerSec}
  streams/s                       ${String(row.streamsPerSec).padEnd(27)}${row.peer.streamsPerSec}
  failures                        ${row.failures}
  a bare pipe proxy (the floor of one hop): overhead p50 / p99 ${row.pipe.overheadP50Ms} / ${row.pipe.overheadP99Ms} ms, content chunks/s ${row.pipe.chunksPerSec}
  ours / peer: overhead p50 ${row.ratios.overheadP50}x, overhead p99 ${row.ratios.overheadP99}x, content chunks/s ${row.ratios.chunksPerSec}x`);
    }
    console.log(resultLine(summary));
    return summary.runs.some((row) => row.failures) ? 1 : 0;
  } finally {
    await stopAll();
    await deleteRedisKeys(REDIS_PREFIX);
  }
}

runBench('bench:ai-stream', main);
