// npm start: install, infrastructure, build, migrate, then every service plus the sandbox, each
// restarted when it exits (scripts/supervisor.mjs) until Ctrl-C or SIGTERM stops them all.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDocker, ensureInfrastructure, ensureInstalled, ROOT, run } from './lib.mjs';
import { ServiceSupervisor } from './supervisor.mjs';

/** Values for a machine with nothing configured: everything local, third parties from the sandbox. */
const DEV_DEFAULTS = {
  NODE_ENV: 'development',
  INTERNAL_API_KEY: 'dev-internal-key-change-me',
  SANDBOX_PORT: '4600',
  SANDBOX_SMTP_PORT: '2525',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:4600/bot-check/siteverify',
  // The origin printed below: the session cookie belongs to one host name, so the processor's and
  // providers' returns must come back to the host the person opened, not localhost for 127.0.0.1.
  APP_URL: 'http://127.0.0.1:3000',
  SECRETS_KEY: 'ZGV2LXNlY3JldHMta2V5LWNoYW5nZS1tZS0zMmJ5dGU=',
  BILLING_PROCESSOR_URL: 'http://127.0.0.1:4600',
  BILLING_PROCESSOR_KEY: 'sk_test_sandbox',
  BILLING_WEBHOOK_SECRET: 'whsec_sandbox_dev_secret',
  NETWORK_TESTNET: 'true',
  NETWORK_RPC_URL: 'http://127.0.0.1:4600/chain/42431',
  BASE_RPC_URL: 'http://127.0.0.1:4600/chain/84532',
  // The sandbox's treasury (GET /chain/treasury): pays top-up credits and agent wallets' gas.
  WALLET_TREASURY_KEY: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  // Clones are paid to the same treasury (POST /api/agents/clone).
  CLONE_PAYEE_ADDRESS: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  // Sign-in through the sandbox's identity provider and code host (docs/sandbox.md).
  IDP_ISSUER: 'http://127.0.0.1:4600/idp/',
  IDP_CLIENT_ID: 'sandbox-idp-client',
  IDP_CLIENT_SECRET: 'sandbox-idp-secret',
  CODE_HOST_URL: 'http://127.0.0.1:4600/code-host',
  CODE_HOST_API_URL: 'http://127.0.0.1:4600/code-host/api',
  CODE_HOST_CLIENT_ID: 'sandbox-code-host-client',
  CODE_HOST_CLIENT_SECRET: 'sandbox-code-host-secret',
  // The calendar provider (OAuth and API) from the sandbox (docs/sandbox.md).
  CALENDAR_CLIENT_ID: 'sandbox-calendar-client',
  CALENDAR_CLIENT_SECRET: 'sandbox-calendar-secret',
  CALENDAR_AUTH_URL: 'http://127.0.0.1:4600/calendar/o/oauth2/v2/auth',
  CALENDAR_TOKEN_URL: 'http://127.0.0.1:4600/calendar/token',
  CALENDAR_API_URL: 'http://127.0.0.1:4600/',
  // The data-feed provider and the soul service from the sandbox; the summarizer may fetch the sandbox's pages.
  FEED_UPSTREAM_URL: 'http://127.0.0.1:4600/feeds',
  SOUL_URL: 'http://127.0.0.1:4600/soul',
  SUMMARIZER_ALLOWED_HOSTS: '127.0.0.1:4600',
  // The streaming provider from the sandbox (docs/sandbox.md): its API, playback host and player, its
  // webhooks signed with the secret the sandbox uses, and its images fetchable by screenshot videos.
  STREAMING_API_URL: 'http://127.0.0.1:4600/mux',
  STREAMING_TOKEN_ID: 'sandbox-streaming-token',
  STREAMING_TOKEN_SECRET: 'sandbox-streaming-secret',
  STREAMING_RTMP_URL: 'rtmp://127.0.0.1:1935/app',
  STREAMING_PLAYBACK_URL: 'http://127.0.0.1:4600/mux/stream',
  STREAMING_PLAYER_URL: 'http://127.0.0.1:4600/mux/player',
  STREAM_SIGNING_SECRET: 'sandbox-stream-signing-secret',
  MEDIA_FETCH_ALLOWED_HOSTS: '127.0.0.1:4600',
  // The first ops port (GET /metrics, /livez, /readyz): each service takes the next one (opsPortOf).
  OPS_PORT: '9400',
};

/** Services in start order; each is services/<name>/dist/main.js. */
const SERVICES = ['sandbox', 'identity', 'billing', 'ai-gateway', 'usage', 'agents', 'watchdog', 'wallet', 'bus', 'scheduler', 'feeds', 'summarizer', 'skills', 'media', 'gateway'];

/**
 * OPS_PORT for `npm start` is the first of a range: each service gets its own, in start order (one
 * port for all would leave every service but the first failing to boot). 0 leaves each to take a
 * free one, which it logs. The sandbox is a stand-in for third parties and serves no ops port.
 */
function opsPortOf(env, index) {
  const first = Number(env.OPS_PORT);
  return first ? { OPS_PORT: String(first + index) } : {};
}

/** The ops URL of each service, for the banner; empty when the ports are left to the services. */
function opsUrls(env) {
  if (!Number(env.OPS_PORT)) return '  (OPS_PORT=0: each service logs the port it took as "ops listening")';
  const host = env.OPS_HOST ?? '127.0.0.1';
  return SERVICES.map((name, index) => [name, opsPortOf(env, index).OPS_PORT])
    .filter(([name]) => name !== 'sandbox')
    .map(([name, port]) => `  ${name.padEnd(15)} http://${host}:${port}/metrics`)
    .join('\n');
}

function readDotEnv() {
  const file = path.join(ROOT, '.env');
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, 'utf8').split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim().replace(/^["']|["']$/g, '')];
    });
  return Object.fromEntries(entries);
}

/** Hosting providers that run agents as containers of the platform image (docs/hosting.md). */
const CONTAINER_HOSTING = ['docker', 'swarm'];

/**
 * With a container hosting provider: the engine running and the platform image built from this tree
 * (offline when no registry answers, docs/containers.md), so the agents run the code just built.
 */
async function ensureHostingImage(env) {
  if (!CONTAINER_HOSTING.includes(env.HOSTING_PROVIDER)) return;
  await ensureDocker();
  console.log(`Building the agents' image for HOSTING_PROVIDER=${env.HOSTING_PROVIDER} (layer-cached)...`);
  run(process.execPath, [path.join(ROOT, 'scripts', 'images.mjs')], { env });
}

let supervisor;

async function stopAll(code = 0) {
  await supervisor?.stop();
  process.exit(code);
}

try {
  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  // The web app (apps/web) is one of the workspaces nx builds: `vite build` into apps/web/dist.
  console.log('Building...');
  run('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], { env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } });
  const env = { ...DEV_DEFAULTS, ...readDotEnv(), ...process.env };
  run(process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { env });
  await ensureHostingImage(env);
  supervisor = new ServiceSupervisor({
    services: SERVICES.map((name, index) => ({
      name,
      command: process.execPath,
      args: ['--enable-source-maps', path.join(ROOT, 'services', name, 'dist', 'main.js')],
      env: opsPortOf(env, index),
    })),
    cwd: ROOT,
    env,
  });
  // Ctrl-C reaches the services too (one process group): a service that exits before this handler
  // runs is logged as restarting, and stop() cancels that restart.
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  supervisor.start();
  const host = env.HOST ?? '127.0.0.1';
  console.log(`
Platform starting:
  web app         http://${host}:${env.WEB_PORT ?? 3000}/ (sign in, dashboard, pricing; docs/web.md)
  web API         http://${host}:${env.WEB_PORT ?? 3000}/api/health
  API reference   http://${host}:${env.WEB_PORT ?? 3000}/api/docs (the OpenAPI documents: /api/openapi.json?surface=web|backend|summarizer; docs/operations.md)
  backend API     http://${host}:${env.BACKEND_PORT ?? 4000}/health
  queue UI        http://${host}:${env.BACKEND_PORT ?? 4000}/api/admin/queues (Authorization: Bearer INTERNAL_API_KEY; docs/operations.md)
  summarizer      http://${host}:${env.SUMMARIZER_PORT ?? 3100} (POST /api/summarize {"url":"http://127.0.0.1:4600/pages/article"})
  sandbox         http://127.0.0.1:${env.SANDBOX_PORT} (mail: GET /mail/messages; LLM calls: GET /llm/calls; pay a checkout: POST /stripe/checkout/<id>/complete; webhooks sent: GET /stripe/deliveries; chains: POST /chain/42431, /chain/84532, mint: POST /chain/fund; treasury: GET /chain/treasury; sign in: /api/auth/idp, /api/auth/code-host after PUT /code-host/next-login; a stream live: POST /mux/live-streams/<id>/active)
  INTERNAL_API_KEY ${env.INTERNAL_API_KEY}
Ops (GET /metrics for Prometheus, /livez, /readyz; deploy/prometheus, deploy/grafana):
${opsUrls(env)}
Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`npm start: ${error.message}`);
  stopAll(1);
}
