// npm run bench:feeds: through the gateway, with BENCH_SENDERS concurrent senders,
//   - summarize requests per second on the sandbox's 200 kB page (POST :summarizer/api/summarize);
//   - cached feed reads per second (GET /api/datafeeds?feed=hn-trending&preview=true, the provider
//     called once and every later read served from the feeds service's cache).
//
//   BENCH_SUMMARIZE_REQUESTS  summarize requests (default 300)
//   BENCH_FEED_REQUESTS       feed reads (default 3000)
//   BENCH_SENDERS             concurrent senders (default 20)
//   BENCH_DATABASE_URL        as in bench.mjs (platform_bench_feeds is dropped and migrated afresh)
//
// Boots sandbox + identity + feeds + summarizer + gateway on their own ports with benchfeeds.-prefixed
// NATS subjects and benchfeeds:-prefixed Redis keys; each request comes from its own address, so the
// per-IP limits (datafeeds 120/min, summarizer 30/min) do not count one sender's requests together.
import { timedPool } from './concurrency.mjs';
import { call, clientIp } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13060, BACKEND_PORT: 14060, SUMMARIZER_PORT: 13160, SANDBOX_PORT: 14660 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const SUMMARIZER = `http://127.0.0.1:${PORTS.SUMMARIZER_PORT}`;
const SANDBOX = `http://127.0.0.1:${PORTS.SANDBOX_PORT}`;
const PAGE = `${SANDBOX}/pages/large?kb=200`;
const FEED = `${WEB}/api/datafeeds?feed=hn-trending&preview=true`;

async function main() {
  const summarizeRequests = setting('BENCH_SUMMARIZE_REQUESTS', 300, { integer: true });
  const feedRequests = setting('BENCH_FEED_REQUESTS', 3000, { integer: true });
  const senders = setting('BENCH_SENDERS', 20, { integer: true });
  const platform = {
    label: 'bench:feeds', database: 'platform_bench_feeds', prefix: 'benchfeeds', ports: PORTS, internalKey: 'bench-feeds-key',
    services: ['sandbox', 'identity', 'feeds', 'summarizer', 'gateway'],
    env: {
      FEED_UPSTREAM_URL: `${SANDBOX}/feeds`, SOUL_URL: `${SANDBOX}/soul`, FEEDS_CACHE_MS: '600000',
      SUMMARIZER_ALLOWED_HOSTS: `127.0.0.1:${PORTS.SANDBOX_PORT}`,
    },
    ready: {
      what: 'the sandbox, the summarizer (GET :summarizer/health) and the feeds service (GET /api/datafeeds)',
      check: async () => (await call('GET', `${SANDBOX}/feeds/calls`)).status === 200
        && (await call('GET', `${SUMMARIZER}/health`)).status === 200 && (await call('GET', `${WEB}/api/datafeeds`)).status === 200,
    },
  };
  const { summarize, feeds } = await withScenarioPlatform(platform, async () => {
    console.log(`bench:feeds: ${summarizeRequests} summaries of a 200 kB page by ${senders} senders...`);
    const summarize = await timedPool(Array.from({ length: summarizeRequests }, (_, index) => index), senders, async (index) => {
      const response = await call('POST', `${SUMMARIZER}/api/summarize`, { body: { url: PAGE }, headers: { 'x-forwarded-for': clientIp(index + 1) } });
      return response.status === 200 && response.json?.title === 'A long report' ? null : response.status;
    });
    console.log(`bench:feeds: ${feedRequests} cached feed reads by ${senders} senders...`);
    const feeds = await timedPool(Array.from({ length: feedRequests }, (_, index) => index), senders, async (index) => {
      const response = await call('GET', FEED, { headers: { 'x-forwarded-for': clientIp(100_000 + index) } });
      return response.status === 200 && response.json?.feed === 'hn-trending' ? null : response.status;
    });
    const upstreamCalls = (await call('GET', `${SANDBOX}/feeds/calls`)).json?.calls?.length;
    return { summarize, feeds: { ...feeds, upstreamCalls } };
  });
  console.log(`\nSummarize (200 kB page), ${senders} senders: ${summarize.perSec}/s (p50 ${summarize.p50Ms} ms, p99 ${summarize.p99Ms} ms); cached feed reads: ${feeds.perSec}/s (p50 ${feeds.p50Ms} ms, p99 ${feeds.p99Ms} ms), provider called ${feeds.upstreamCalls} time(s)`);
  console.log(resultLine({ scenario: 'feeds-summarizer', senders, summarize, feeds }));
  const failed = Object.keys(summarize.failed).length + Object.keys(feeds.failed).length;
  if (failed > 0) throw new Error(`requests failed: ${JSON.stringify({ summarize: summarize.failed, feeds: feeds.failed })}`);
}

runScenario('bench:feeds', main);
