// npm run bench:media: the streaming provider's signed webhooks processed per second by
// POST /api/webhooks/stream with BENCH_SENDERS concurrent senders, and the seconds POST
// /api/generate-video takes to answer { url } for each video type (render with ffmpeg, upload, ready).
//
//   BENCH_STREAM_WEBHOOKS  events sent in the throughput phase (default 3000; each once)
//   BENCH_SENDERS          concurrent senders (default 20)
//   BENCH_VIDEO_RUNS       videos of each type, one after another (default 3)
//   BENCH_DATABASE_URL     as in bench.mjs (platform_bench_media is dropped and migrated afresh)
//
// Starts sandbox + identity + media + gateway on their own ports with benchmedia.-prefixed NATS
// subjects and benchmedia:-prefixed Redis keys. 20 funded wallets create their streams through the
// route; the events (two thirds a stream going live or idle, a third a recording ready, half of those
// archived and half queued for deletion) are signed here with the platform's secret, as the provider
// signs them. Every event's stored row is counted after the run: each must be there once.
import { randomBytes, randomUUID, createHmac } from 'node:crypto';
import { timedPool, percentile } from './concurrency.mjs';
import { call, clientIp, signedInUser } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13090, BACKEND_PORT: 14090, SUMMARIZER_PORT: 13190, SANDBOX_PORT: 14690 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const SECRET = 'bench-stream-signing-secret';
const STREAMS = 20;
const GATE_TOKEN = '0x6a7e000000000000000000000000000000000001';

const signature = (body) => {
  const timestamp = Math.floor(Date.now() / 1000);
  return `t=${timestamp},v1=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
};

/** A funded wallet's stream, created through POST /api/radio/streams: the provider's id for it. */
async function benchStream(index, pg, databaseUrl) {
  const { privateKeyToAccount, generatePrivateKey } = await import('viem/accounts');
  const { streamCreationMessage } = await import('@platform/contracts');
  const wallet = privateKeyToAccount(generatePrivateKey());
  const funded = await call('POST', `${SANDBOX}/chain/fund`, { body: { chainId: 84532, token: GATE_TOKEN, to: wallet.address, amount: '1250000' } });
  if (funded.status !== 200) throw new Error(`fund answered ${funded.status}: ${funded.text.slice(0, 200)}`);
  const issuedAt = Math.floor(Date.now() / 1000);
  const signed = await wallet.signMessage({ message: streamCreationMessage('localhost:3000', wallet.address, issuedAt) });
  const created = await call('POST', `${WEB}/api/radio/streams`, {
    body: { wallet: wallet.address, signature: signed, issuedAt, name: `Bench DJ ${index}` }, headers: { 'x-forwarded-for': clientIp(index + 1) },
  });
  if (created.status !== 200) throw new Error(`create stream answered ${created.status}: ${created.text.slice(0, 200)}`);
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const { rows } = await database.query('SELECT provider_stream_id FROM media.streams WHERE id = $1', [created.json.stream.id]);
  await database.end();
  return rows[0].provider_stream_id;
}

/** The n-th event: stream transitions in order on each stream, and recordings of either fate. */
function streamEvent(n, streams) {
  const at = new Date(Date.now() + n).toISOString();
  if (n % 3 === 2) {
    const archived = n % 2 === 0;
    const data = { id: `bench${randomBytes(8).toString('hex')}`, status: 'ready', duration: archived ? 1800 : 60, tracks: [{ type: 'video', max_width: 1920, max_height: archived ? 1080 : 720 }] };
    return JSON.stringify({ id: randomUUID(), type: 'video.asset.ready', object: { type: 'asset', id: data.id }, data, created_at: at });
  }
  const stream = streams[n % streams.length];
  const type = Math.floor(n / streams.length) % 2 === 0 ? 'video.live_stream.active' : 'video.live_stream.idle';
  return JSON.stringify({ id: randomUUID(), type, object: { type: 'live', id: stream }, data: { id: stream }, created_at: at });
}

async function main() {
  const total = setting('BENCH_STREAM_WEBHOOKS', 3000, { integer: true });
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const runs = setting('BENCH_VIDEO_RUNS', 3, { integer: true });
  const platform = {
    label: 'bench:media', database: 'platform_bench_media', prefix: 'benchmedia', ports: PORTS, internalKey: 'bench-media-key',
    services: ['sandbox', 'identity', 'media', 'gateway'],
    env: {
      SECRETS_KEY: randomBytes(32).toString('base64'),
      BASE_RPC_URL: `${SANDBOX}/chain/84532`,
      STREAMING_API_URL: `${SANDBOX}/mux`, STREAMING_TOKEN_ID: 'sandbox-streaming-token', STREAMING_TOKEN_SECRET: 'sandbox-streaming-secret',
      STREAMING_PLAYBACK_URL: `${SANDBOX}/mux/stream`, STREAMING_PLAYER_URL: `${SANDBOX}/mux/player`,
      STREAM_SIGNING_SECRET: SECRET, SANDBOX_STREAM_WEBHOOK_SECRET: SECRET, SANDBOX_STREAM_WEBHOOK_URL: `${WEB}/api/webhooks/stream`,
      MEDIA_FETCH_ALLOWED_HOSTS: `127.0.0.1:${PORTS.SANDBOX_PORT}`,
      // The deletions queued by the run wait past its end: the throughput measured is the webhooks'.
      MEDIA_ASSET_DELETION_DELAY_MS: '3600000',
    },
    // Media answers the live list (the gateway alone refuses no webhook); the sandbox's chains take longer to start than its hooks' server.
    ready: {
      what: 'media over NATS and the sandbox\'s chains',
      check: async () => (await call('GET', `${WEB}/api/radio/live`)).status === 200 && (await call('POST', `${WEB}/api/webhooks/stream`, { body: {} })).status === 401
        && (await call('GET', `${SANDBOX}/chain`)).status === 200,
    },
  };
  await withScenarioPlatform(platform, async ({ databaseUrl }) => {
    const pg = (await import('pg')).default;
    console.log(`bench:media: ${STREAMS} funded wallets create their streams...`);
    const streams = [];
    for (let index = 0; index < STREAMS; index += 1) streams.push(await benchStream(index, pg, databaseUrl));

    const events = Array.from({ length: total }, (_, n) => streamEvent(n, streams));
    console.log(`bench:media: ${total} signed webhooks by ${senders} senders...`);
    const webhooks = await timedPool(events, senders, async (body) => {
      const response = await fetch(`${WEB}/api/webhooks/stream`, { method: 'POST', headers: { 'content-type': 'application/json', 'stream-signature': signature(body) }, body });
      await response.text();
      return response.status === 200 ? null : String(response.status);
    });
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const stored = Number((await database.query('SELECT count(*) AS n FROM media.webhook_events')).rows[0].n);
    await database.end();

    const user = await signedInUser(WEB, { email: `bench-media-${randomBytes(3).toString('hex')}@bench.local`, password: 'bench-password-123', ip: clientIp(900) });
    const bodies = {
      demo: { type: 'demo', agentName: 'Bench agent', agentDescription: 'Answers questions about the benchmark while it runs, politely.' },
      marketing: { type: 'marketing', productName: 'Bench radio', features: ['Live in a minute', 'Token-gated', 'Archived in HD'] },
      screenshot: { type: 'screenshot', imageUrl: `${SANDBOX}/images/screenshot.png`, description: 'The dashboard, every agent at a glance' },
      tutorial: { type: 'tutorial', topic: 'Streaming from OBS', steps: ['Create a stream', 'Paste the key into OBS', 'Start streaming'] },
    };
    const renders = {};
    let requests = 0;
    for (const [type, body] of Object.entries(bodies)) {
      const seconds = [];
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        const answer = await call('POST', `${WEB}/api/generate-video`, { body, headers: { cookie: user.cookie, 'x-forwarded-for': clientIp(1000 + (requests += 1)) }, timeoutMs: 330_000 });
        if (answer.status !== 200 || !answer.json?.url) throw new Error(`generate ${type} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        seconds.push((performance.now() - started) / 1000);
      }
      renders[type] = { medianSec: Number(percentile(seconds, 50).toFixed(2)), maxSec: Number(Math.max(...seconds).toFixed(2)) };
    }

    const result = {
      events: total, senders, webhooksPerSec: webhooks.perSec, p50Ms: webhooks.p50Ms, p99Ms: webhooks.p99Ms, failed: webhooks.failed,
      exactlyOnce: stored === total, stored, videoRuns: runs, renders,
    };
    console.log(`\nStreaming webhooks, ${senders} senders: ${result.webhooksPerSec} events/s processed (p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms); stored once each: ${result.exactlyOnce} (${stored} of ${total})`);
    for (const [type, { medianSec, maxSec }] of Object.entries(renders)) console.log(`Generate video, ${type}: ${medianSec} s median, ${maxSec} s max (${runs} runs, render + upload + ready)`);
    console.log(resultLine({ scenario: 'media', ...result }));
    if (!result.exactlyOnce || Object.keys(webhooks.failed).length) throw new Error('webhooks were refused or not stored exactly once');
  });
}

runScenario('bench:media', main);
