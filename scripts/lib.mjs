// Shared steps of `npm start` and `npm test`: install what is missing, make infrastructure reachable.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/**
 * Installs when node_modules is missing or older than the lockfile. `npm install`, not `npm ci`:
 * registries that serve only this platform's prebuilt binaries (swc, nx) leave the other
 * platforms' optional packages out of the lockfile, which `npm ci` refuses; install still
 * keeps every version the lockfile pins.
 */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm install)...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Local daemons first (scripts/infra); containers through Testcontainers when only a Docker engine is there. */
export async function ensureInfrastructure() {
  const local = spawnSync('bash', [path.join(ROOT, 'scripts', 'infra')], { cwd: ROOT, stdio: 'inherit' });
  if (local.status === 0) return {};
  if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('PostgreSQL, Redis or NATS is not reachable and no Docker engine answers: see the line above for what to install.');
  }
  console.log('Starting PostgreSQL, Redis and NATS with Testcontainers...');
  const { GenericContainer, Wait } = await import('testcontainers');
  const started = async (image, port, configure = (c) => c) =>
    configure(new GenericContainer(image).withExposedPorts(port).withWaitStrategy(Wait.forListeningPorts())).start();
  const postgres = await started('postgres:16', 5432, (c) => c.withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'platform' }));
  const redis = await started('redis:7', 6379);
  const nats = await started('nats:2.10', 4222, (c) => c.withCommand(['-js']));
  return {
    DATABASE_URL: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/platform`,
    REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    NATS_URL: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
  };
}
