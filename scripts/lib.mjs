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

/**
 * Local daemons, started by scripts/infra when installed but stopped (or `docker compose up` when
 * only a Docker engine is there). Returns whether all three are reachable; `npm test` goes on
 * either way, because its Jest global setup can still run them in Testcontainers.
 */
export function ensureInfrastructure() {
  return spawnSync('bash', [path.join(ROOT, 'scripts', 'infra')], { cwd: ROOT, stdio: 'inherit' }).status === 0;
}
