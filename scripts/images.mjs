// npm run images: the container images compose and Testcontainers use, made offline when no
// registry answers (docs/containers.md).
//
//   node scripts/images.mjs            build what is missing, print the names as env lines
//                                      (only those on stdout: eval "$(node scripts/images.mjs)")
//   node scripts/images.mjs --bases    the infrastructure and Node bases only, not the platform
//
// For postgres, redis, nats and the Node base: the official image when `docker pull` succeeds
// quickly, else an equivalent built from Debian's packages on a debootstrapped bookworm
// (deploy/images/<name>). A local image is tagged with a hash of its inputs and rebuilt only when
// they change; the debootstrap tarball is kept under PLATFORM_IMAGE_CACHE (default
// /var/cache/platform-images), outside any clone, so a clean clone on the same machine reuses it.
// Then the platform image from deploy/Dockerfile on that Node base (layer-cached: a source change
// reruns the build, not the npm install).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, run } from './lib.mjs';

export const CACHE_DIR = process.env.PLATFORM_IMAGE_CACHE ?? '/var/cache/platform-images';
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const BASE_IMAGE = 'platform-local/debian:bookworm-minbase';
/** A registry that answers sends the first layers within seconds; an unreachable one fails at once or hangs. */
const PULL_TIMEOUT_MS = 60_000;
const PROBE_TIMEOUT_MS = 15_000;

/** The environment variable compose and the tests read each image from, and its official default. */
export const IMAGES = {
  postgres: { variable: 'POSTGRES_IMAGE', official: 'postgres:16' },
  redis: { variable: 'REDIS_IMAGE', official: 'redis:7' },
  // The -alpine variant: compose's healthcheck needs its wget (the plain tag is a scratch image).
  nats: { variable: 'NATS_IMAGE', official: 'nats:2.10-alpine' },
  node: { variable: 'NODE_IMAGE', official: 'node:20-bookworm-slim' },
};
export const PLATFORM_IMAGE = process.env.PLATFORM_IMAGE ?? 'platform:local';

// The legacy builder: Debian's docker.io has no buildx, and BuildKit is not needed for this Dockerfile.
const DOCKER_ENV = { ...process.env, DOCKER_BUILDKIT: '0' };

function docker(args, options = {}) {
  return spawnSync('docker', args, { encoding: 'utf8', env: DOCKER_ENV, ...options });
}

const imageId = (name) => {
  const result = docker(['image', 'inspect', '--format', '{{.Id}}', name]);
  return result.status === 0 ? result.stdout.trim() : undefined;
};

let registryAnswers;
/** Pulls `name`; after one pull fails, the registry is taken for unreachable for the rest of the run. */
function pulled(name) {
  if (registryAnswers === false) return false;
  const result = docker(['pull', '--quiet', name], { stdio: 'ignore', timeout: registryAnswers ? PULL_TIMEOUT_MS : PROBE_TIMEOUT_MS });
  registryAnswers = result.status === 0;
  if (!registryAnswers) console.error(`images: ${name} could not be pulled; building local equivalents from Debian's packages`);
  return registryAnswers;
}

function hashOf(parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const filesOf = (dir) => readdirSync(dir).sort().flatMap((file) => [file, readFileSync(path.join(dir, file))]);

/** debootstrap --variant=minbase bookworm, imported once; the tarball stays in CACHE_DIR for the next import. */
function ensureBase() {
  if (imageId(BASE_IMAGE)) return imageId(BASE_IMAGE);
  mkdirSync(CACHE_DIR, { recursive: true });
  const tarball = path.join(CACHE_DIR, 'bookworm-minbase.tar');
  if (!existsSync(tarball)) {
    console.error('images: debootstrap --variant=minbase bookworm (about a minute)...');
    const rootfs = mkdtempSync(path.join(CACHE_DIR, 'rootfs-'));
    try {
      run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR], { stdio: ['ignore', 'ignore', 'inherit'] });
      // apt's package lists are fetched again by each image that installs something.
      rmSync(path.join(rootfs, 'var', 'cache', 'apt', 'archives'), { recursive: true, force: true });
      run('tar', ['-C', rootfs, '-cf', `${tarball}.partial`, '.']);
      renameSync(`${tarball}.partial`, tarball);
    } finally {
      rmSync(rootfs, { recursive: true, force: true });
    }
  }
  console.error(`images: docker import ${tarball} ${BASE_IMAGE}`);
  run('docker', ['import', '--change', 'CMD ["bash"]', '--change', 'ENV LANG=C.UTF-8', tarball, BASE_IMAGE], { stdio: ['ignore', 'ignore', 'inherit'] });
  return imageId(BASE_IMAGE);
}

/** Builds deploy/images/<name> (plus `extra` files copied into its context) on the base, unless its inputs' tag exists. */
function ensureLocal(name, extra = {}) {
  const dir = path.join(ROOT, 'deploy', 'images', name);
  const baseId = ensureBase();
  const extraParts = Object.entries(extra).flatMap(([file, { fingerprint }]) => [file, fingerprint]);
  const tag = `platform-local/${name}:${hashOf([baseId, ...filesOf(dir), ...extraParts])}`;
  if (imageId(tag)) return tag;
  console.error(`images: building ${tag} from deploy/images/${name}...`);
  const context = mkdtempSync(path.join(os.tmpdir(), `image-${name}-`));
  try {
    cpSync(dir, context, { recursive: true });
    for (const [file, { source }] of Object.entries(extra)) cpSync(source, path.join(context, file), { recursive: true, dereference: true });
    // Host network: apt-get reaches Debian's mirrors the way the host does.
    run('docker', ['build', '--network', 'host', '--build-arg', `BASE=${baseId}`, '-t', tag, context], { env: DOCKER_ENV });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  run('docker', ['tag', tag, `platform-local/${name}:latest`]);
  // Earlier builds of this image go (a container still running one keeps it: rmi refuses).
  const tags = docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}', `platform-local/${name}`]).stdout.split('\n').filter(Boolean);
  const stale = tags.filter((other) => other !== tag && !other.endsWith(':latest'));
  if (stale.length > 0) docker(['rmi', ...stale], { stdio: 'ignore' });
  return tag;
}

const HOST_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** The host's node, npm and CA bundle, which the local Node base carries (Debian's own Node is too old). */
function hostNode() {
  const node = process.execPath;
  const npm = path.resolve(path.dirname(spawnSync('bash', ['-c', 'readlink -f "$(command -v npm)"'], { encoding: 'utf8' }).stdout.trim()), '..');
  return {
    node: { source: node, fingerprint: createHash('sha256').update(readFileSync(node)).digest('hex') },
    npm: { source: npm, fingerprint: readFileSync(path.join(npm, 'package.json'), 'utf8') },
    'ca-certificates.crt': { source: HOST_CA_BUNDLE, fingerprint: readFileSync(HOST_CA_BUNDLE, 'utf8') },
  };
}

/** The image for one base: an explicit variable, the official one when present or pullable, else the local build. */
function resolveBase(name) {
  const { variable, official } = IMAGES[name];
  if (process.env[variable]) return process.env[variable];
  if (imageId(official) || pulled(official)) return official;
  return ensureLocal(name, name === 'node' ? hostNode() : {});
}

/** Every base image's name by its variable (POSTGRES_IMAGE, REDIS_IMAGE, NATS_IMAGE, NODE_IMAGE). */
export function ensureBaseImages() {
  return Object.fromEntries(Object.entries(IMAGES).map(([name, { variable }]) => [variable, resolveBase(name)]));
}

/**
 * The build stage, tagged, holds the npm install layer: the dangling images a rebuild leaves (the
 * replaced platform image, the earlier build stage) can then be pruned without losing that cache.
 */
const BUILD_STAGE_IMAGE = 'platform-local/platform-build:latest';

/** deploy/Dockerfile on `nodeImage`; the host network reaches the npm registry and Debian's mirror. */
export function buildPlatformImage(nodeImage) {
  console.error(`images: building ${PLATFORM_IMAGE} (deploy/Dockerfile, NODE_IMAGE=${nodeImage})...`);
  const build = (extra) => run('docker', ['build', '--network', 'host', '--build-arg', `NODE_IMAGE=${nodeImage}`, '-f', 'deploy/Dockerfile', ...extra, '.'], {
    env: DOCKER_ENV,
    stdio: ['ignore', process.env.IMAGES_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
  });
  build(['--target', 'build', '-t', BUILD_STAGE_IMAGE]);
  build(['-t', PLATFORM_IMAGE]);
  docker(['image', 'prune', '--force'], { stdio: 'ignore' });
  return PLATFORM_IMAGE;
}

/** All images, as the environment compose and the Jest global setup read. */
export function ensureImages({ platform = true } = {}) {
  const env = ensureBaseImages();
  if (platform) env.PLATFORM_IMAGE = buildPlatformImage(env.NODE_IMAGE);
  return env;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const started = Date.now();
    const env = ensureImages({ platform: !process.argv.includes('--bases') });
    for (const [variable, image] of Object.entries(env)) console.log(`export ${variable}=${image}`);
    console.error(`images: ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.error(`images: ${error.message}`);
    process.exit(1);
  }
}
