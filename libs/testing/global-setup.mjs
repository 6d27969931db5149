// Jest global setup: PostgreSQL, Redis and NATS from DATABASE_URL / REDIS_URL / NATS_URL or the
// local default ports; whichever is not reachable comes from Testcontainers when a Docker engine
// answers; otherwise one error that names what is missing. TEST_INFRA=containers takes all three
// from Testcontainers whatever is reachable (the docker phase of `npm test`). Images come from
// POSTGRES_IMAGE / REDIS_IMAGE / NATS_IMAGE (scripts/images.mjs builds local ones when no registry
// answers), else the official ones. Plain JavaScript: it runs before any transform, in Jest's own
// process, and the URLs it sets reach the test workers it starts after.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const SERVICES = [
  { name: 'PostgreSQL', variable: 'DATABASE_URL', fallback: 'postgres://postgres@127.0.0.1:5432/platform', port: 5432 },
  { name: 'Redis', variable: 'REDIS_URL', fallback: 'redis://127.0.0.1:6379', port: 6379 },
  { name: 'NATS', variable: 'NATS_URL', fallback: 'nats://127.0.0.1:4222', port: 4222 },
];

function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || defaultPort), timeout: 1000 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Ryuk, Testcontainers' reaper, is an image of its own; a machine with no registry cannot pull it,
 * and the containers are then stopped by the global teardown only.
 */
async function disableReaperWhenAbsent() {
  if (process.env.TESTCONTAINERS_RYUK_DISABLED !== undefined) return;
  const { REAPER_IMAGE } = await import('testcontainers/build/reaper/reaper.js').catch(() => ({}));
  const image = REAPER_IMAGE ?? 'testcontainers/ryuk';
  if (spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status !== 0) process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
}

/** Each service's image (POSTGRES_IMAGE, ...; the official one by default) and how it runs. */
const CONTAINERS = {
  // fsync off: test data need not survive a crash of the container.
  PostgreSQL: { image: () => process.env.POSTGRES_IMAGE || 'postgres:16', environment: { POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'platform' }, command: ['-c', 'fsync=off'] },
  Redis: { image: () => process.env.REDIS_IMAGE || 'redis:7', environment: {}, command: undefined },
  NATS: { image: () => process.env.NATS_IMAGE || 'nats:2.10', environment: {}, command: ['-js'] },
};

async function startContainer(service) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const { image, environment, command } = CONTAINERS[service.name];
  let definition = new GenericContainer(image()).withEnvironment(environment).withExposedPorts(service.port).withWaitStrategy(Wait.forListeningPorts());
  if (command) definition = definition.withCommand(command);
  const container = await definition.start();
  const url = new URL(service.fallback);
  // An IPv4 address, not "localhost": Node may try ::1 first, where the engine may not publish.
  url.hostname = container.getHost() === 'localhost' ? '127.0.0.1' : container.getHost();
  url.port = String(container.getMappedPort(service.port));
  process.env[service.variable] = url.toString();
  console.log(`Testcontainers: ${service.name} from ${image()} at ${url.host}`);
  return container;
}

export default async function globalSetup() {
  const containersOnly = process.env.TEST_INFRA === 'containers';
  const missing = [];
  for (const service of SERVICES) {
    if (containersOnly || !(await reachable(process.env[service.variable] ?? service.fallback, service.port))) missing.push(service);
  }
  if (missing.length === 0) return;
  if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
    const list = missing.map((service) => `${service.name} at ${process.env[service.variable] ?? service.fallback}`).join(', ');
    throw new Error(`Not reachable: ${list}. Run scripts/infra, set ${missing.map((service) => service.variable).join(' / ')}, or start a Docker engine so Testcontainers can run them.`);
  }
  await disableReaperWhenAbsent();
  globalThis.testContainers = [];
  for (const service of missing) globalThis.testContainers.push(await startContainer(service));
}
