// npm run bench:web: what the dashboard's first load costs a browser: bytes of JavaScript and CSS
// it fetches (gzip, as a compressing proxy or CDN would send them) and time to interactive, in
// headless Chromium (Debian's, as the e2e test uses) on loopback, each run a fresh browser context
// (cold cache) for a signed-in user.
//
//   BENCH_WEB_RUNS      loads measured (default 5); figures are medians
//   CHROMIUM_PATH       the browser (default /usr/bin/chromium; installed with apt-get when missing)
//   BENCH_DATABASE_URL  as in bench.mjs (platform_bench_web is dropped and migrated afresh)
//
// Time to interactive here: from navigation start until the dashboard has drawn its agent list
// (the answer of GET /api/agents rendered), i.e. the page can be used. Also reported: first
// contentful paint and DOMContentLoaded. The budget of issue 18: under 200 kB of JavaScript, gzip.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebApp, ensureChromium, ROOT } from '../lib.mjs';
import { call, signedInUser } from './http.mjs';
import { resultLine } from './report.mjs';
import { runScenario, withScenarioPlatform } from './scenario.mjs';
import { setting } from './settings.mjs';

const PORTS = { WEB_PORT: 13200, BACKEND_PORT: 14200, SUMMARIZER_PORT: 13300, SANDBOX_PORT: 14800 };
const WEB = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const JS_BUDGET_BYTES = 200 * 1024;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** One cold load of /dashboard: the scripts and stylesheets fetched, gzipped, and the timings. */
async function load(browser, cookie) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'service-session', value: cookie.split('=')[1], url: WEB }]);
  const page = await context.newPage();
  const assets = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push(response.body().then((body) => ({ type, raw: body.length, gzip: gzipSync(body).length })));
  });
  await page.goto(`${WEB}/dashboard`);
  await page.getByText('No agents yet.').waitFor({ timeout: 30_000 });
  const interactiveMs = await page.evaluate('performance.now()');
  const timings = await page.evaluate(`({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  })`);
  const fetched = await Promise.all(assets);
  await context.close();
  const sum = (type, field) => fetched.filter((asset) => asset.type === type).reduce((total, asset) => total + asset[field], 0);
  return {
    interactiveMs, fcpMs: timings.fcp, dclMs: timings.dcl, files: fetched.length,
    jsGzip: sum('script', 'gzip'), cssGzip: sum('stylesheet', 'gzip'), jsRaw: sum('script', 'raw'), cssRaw: sum('stylesheet', 'raw'),
  };
}

async function main() {
  const runs = setting('BENCH_WEB_RUNS', 5, { integer: true });
  const executablePath = ensureChromium();
  console.log('bench:web: building the web app...');
  buildWebApp();
  const { chromium } = await import('playwright-core');
  const platform = {
    label: 'bench:web', database: 'platform_bench_web', prefix: 'benchweb', ports: PORTS, internalKey: 'bench-web-key',
    services: ['sandbox', 'identity', 'agents', 'gateway'],
    env: { WEB_DIST_DIR: path.join(ROOT, 'apps', 'web', 'dist') },
    ready: {
      what: 'the dashboard served, identity and agents answering',
      check: async () => (await Promise.all(['/dashboard', '/api/auth/session', '/api/agents'].map((urlPath) => call('GET', `${WEB}${urlPath}`))))
        .every((response) => response.status === 200),
    },
  };
  return withScenarioPlatform(platform, async () => {
    const { cookie } = await signedInUser(WEB, { email: `bench-web-${Date.now()}@example.com`, password: 'bench password', ip: '10.9.9.9' });
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    try {
      // One unmeasured load: the services' first queries (connections, caches) are not the page's cost.
      await load(browser, cookie);
      const loads = [];
      for (let run = 0; run < runs; run += 1) loads.push(await load(browser, cookie));
      const result = {
        runs,
        jsGzipBytes: median(loads.map((entry) => entry.jsGzip)),
        cssGzipBytes: median(loads.map((entry) => entry.cssGzip)),
        jsRawBytes: median(loads.map((entry) => entry.jsRaw)),
        cssRawBytes: median(loads.map((entry) => entry.cssRaw)),
        files: median(loads.map((entry) => entry.files)),
        timeToInteractiveMs: Math.round(median(loads.map((entry) => entry.interactiveMs))),
        firstContentfulPaintMs: Math.round(median(loads.map((entry) => entry.fcpMs ?? 0))),
        domContentLoadedMs: Math.round(median(loads.map((entry) => entry.dclMs))),
      };
      const withinBudget = result.jsGzipBytes < JS_BUDGET_BYTES;
      console.log(`\nDashboard first load (median of ${runs}): JS ${kb(result.jsGzipBytes)} gzip (${kb(result.jsRawBytes)} raw), CSS ${kb(result.cssGzipBytes)} gzip, ${result.files} files; `
        + `interactive ${result.timeToInteractiveMs} ms, first contentful paint ${result.firstContentfulPaintMs} ms, DOMContentLoaded ${result.domContentLoadedMs} ms. `
        + `JS budget ${kb(JS_BUDGET_BYTES)}: ${withinBudget ? 'within' : 'OVER'}`);
      console.log(resultLine({ scenario: 'web', ...result, jsBudgetBytes: JS_BUDGET_BYTES, withinBudget }));
      return withinBudget ? 0 : 1;
    } finally {
      await browser.close();
    }
  });
}

runScenario('bench:web', main);
