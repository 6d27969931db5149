// Shared steps of `npm start` and `npm test`: install what is missing, make infrastructure reachable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, statSync } from 'node:fs';
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

/** Where a Chromium for the web app's browser tests and bench may be (CHROMIUM_PATH first). */
const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

/** Debian packages a step of `npm test` needs, installed with apt-get (tests run as root; Debian's mirrors answer). */
function aptInstall(packages, purpose) {
  console.log(`Installing ${packages.join(', ')} (apt-get) for ${purpose}...`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export const findChromium = () => CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));

/**
 * A Chromium for playwright-core, which downloads no browser: Debian's `chromium` package, installed
 * with apt-get only when no executable is there (tests run as root; only Debian's mirrors and the npm
 * registry are reachable, so Playwright's own download is not an option). Returns its path.
 */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  aptInstall(['chromium'], 'the web app tests');
  const installed = findChromium();
  if (!installed) throw new Error('chromium was installed but no executable was found at /usr/bin/chromium');
  return installed;
}

const dockerAnswers = () => spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
const hasCommand = (command) => spawnSync('bash', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * A Docker engine for the docker phase of `npm test` (docs/containers.md): Debian's docker.io,
 * docker-compose and debootstrap, installed with apt-get only when missing, and dockerd started in
 * the background when no daemon answers (there is no systemd to start it), logging to
 * /var/log/dockerd.log. It stays up after the run: images and layers are its cache.
 */
export async function ensureDocker() {
  const missing = [['dockerd', 'docker.io'], ['docker-compose', 'docker-compose'], ['debootstrap', 'debootstrap']]
    .filter(([command]) => !hasCommand(command)).map(([, pkg]) => pkg);
  if (missing.length > 0) aptInstall(missing, 'the docker phase');
  if (dockerAnswers()) return;
  console.log('Starting dockerd (log: /var/log/dockerd.log)...');
  const log = openSync('/var/log/dockerd.log', 'a');
  spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] }).unref();
  const deadline = Date.now() + 60_000;
  while (!dockerAnswers()) {
    if (Date.now() > deadline) throw new Error('dockerd did not answer within 60 s (see /var/log/dockerd.log)');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The web app's production build (apps/web/dist), which the gateway serves. */
export function buildWebApp() {
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'apps', 'web') });
}
