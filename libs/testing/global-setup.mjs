// Jest global setup: PostgreSQL, Redis and NATS from DATABASE_URL / REDIS_URL / NATS_URL or the
// local default ports; whichever is not reachable comes from Testcontainers when a Docker engine
// answers; otherwise one error that names what is missing. Plain JavaScript: it runs before any
// transform, in Jest's own process, and the URLs it sets reach the test workers it starts after.
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

async function startContainer(service) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const images = {
    PostgreSQL: () => new GenericContainer('postgres:16').withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'platform' }),
    Redis: () => new GenericContainer('redis:7'),
    NATS: () => new GenericContainer('nats:2.10').withCommand(['-js']),
  };
  const container = await images[service.name]().withExposedPorts(service.port).withWaitStrategy(Wait.forListeningPorts()).start();
  const url = new URL(service.fallback);
  url.hostname = container.getHost();
  url.port = String(container.getMappedPort(service.port));
  process.env[service.variable] = url.toString();
  return container;
}

export default async function globalSetup() {
  const missing = [];
  for (const service of SERVICES) {
    if (!(await reachable(process.env[service.variable] ?? service.fallback, service.port))) missing.push(service);
  }
  if (missing.length === 0) return;
  if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
    const list = missing.map((service) => `${service.name} at ${process.env[service.variable] ?? service.fallback}`).join(', ');
    throw new Error(`Not reachable: ${list}. Run scripts/infra, set ${missing.map((service) => service.variable).join(' / ')}, or start a Docker engine so Testcontainers can run them.`);
  }
  globalThis.testContainers = [];
  for (const service of missing) globalThis.testContainers.push(await startContainer(service));
}
