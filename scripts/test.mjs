// npm test: install, infrastructure, type check, then every test (Jest on ESM, 2 workers; the fault
// suites after, alone), then the docker phase: the engine specs (compose smoke test, docker and swarm hosting) and platform tests on Testcontainers.
//
//   npm test -- --docker     the docker phase only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureImages } from './images.mjs';
import { buildWebApp, ensureChromium, ensureDocker, ensureInfrastructure, ensureInstalled, ROOT, run } from './lib.mjs';

/** A test file runs for minutes; a database this old belongs to one that crashed before dropping it. */
const STALE_TEST_DATABASE_MS = 3 * 60 * 60 * 1000;

/**
 * Drops databases of test files that crashed before dropping their own and templates of earlier
 * migration sets. Another checkout's run on the same server may be using either, so a test
 * database goes only once it is stale, the current template stays (rebuilding it costs a full
 * migration), and another template goes only when nothing is connected to it.
 */
async function dropLeftoverTestDatabases(url = 'postgres://postgres@127.0.0.1:5432/platform') {
  // Imported here, not at the top: on a fresh clone this file runs before anything is installed.
  const { default: pg } = await import('pg');
  const { templateName, testDatabaseCreatedAt } = await import('../libs/testing/test-database-names.mjs');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT datname, datistemplate, EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname) AS connected
         FROM pg_database d WHERE datname LIKE 'platform\\_test\\_%' OR datname LIKE 'platform\\_tpl\\_%'`);
    const current = templateName();
    for (const { datname, datistemplate, connected } of rows) {
      const name = pg.escapeIdentifier(datname);
      if (datname.startsWith('platform_tpl_')) {
        if (datname === current || connected) continue;
        if (datistemplate) await client.query(`ALTER DATABASE ${name} WITH is_template false`);
        // Without FORCE the drop fails if a clone started meanwhile; the template then stays usable.
        await client.query(`DROP DATABASE ${name}`).catch(async () => {
          if (datistemplate) await client.query(`ALTER DATABASE ${name} WITH is_template true`);
        });
        continue;
      }
      const createdAt = testDatabaseCreatedAt(datname);
      if (createdAt !== undefined && Date.now() - createdAt > STALE_TEST_DATABASE_MS) {
        await client.query(`DROP DATABASE ${name} WITH (FORCE)`).catch(() => undefined);
      } else if (createdAt === undefined && !connected) {
        // Named before the creation time was part of the name: its age is unknown, so only an idle one goes.
        await client.query(`DROP DATABASE ${name}`).catch(() => undefined);
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * The whole suite in two runs: every file but the fault suites on two workers, then the fault
 * suites one at a time. They time how fast the platform fails and recovers under load, which a
 * test file sharing the two cores with them would measure instead.
 */
const FAULT_SUITES = '\\.fault\\.spec\\.ts$';
/** Specs that need a Docker engine and images: the docker phase runs them, not the runs above. */
const DOCKER_SUITES = '\\.docker\\.spec\\.ts$';
const WHOLE_SUITE = [['--testPathIgnorePatterns', '\\.(fault|docker)\\.spec\\.ts$'], ['--runInBand', '--testPathPatterns', FAULT_SUITES]];

/**
 * Platform tests the docker phase runs with PostgreSQL, Redis and NATS in Testcontainers
 * (TEST_INFRA=containers), the machine's daemons out of the picture: sign-up and sign-in, a paid
 * chat with its usage rows (BullMQ on Redis, the usage worker), an agent's chat through its runtime,
 * the bus's events. Under a minute on two workers; every other platform test runs on the daemons.
 * No file that times concurrency (bus-send's 110 concurrent sends missed its 429 count once here,
 * sharing the two cores with a file on the other worker).
 */
const CONTAINER_SELECTION = [
  'services/identity/src/users/register.platform.spec.ts',
  'services/identity/src/sessions/login.platform.spec.ts',
  'services/ai-gateway/src/chat/web-chat.platform.spec.ts',
  'services/usage/src/usage-logs/usage-log.platform.spec.ts',
  'services/agents/src/agents/agent-chat.platform.spec.ts',
  'services/bus/src/events/events.platform.spec.ts',
];

/** One Jest run with `args`: its exit status and its [passed, failed, skipped] counts. */
function runJest(args, env) {
  const results = path.join(mkdtempSync(path.join(os.tmpdir(), 'platform-test-')), 'results.json');
  const jest = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--json', `--outputFile=${results}`, ...args,
    ],
    { cwd: ROOT, stdio: 'inherit', env },
  );
  if (!existsSync(results)) return { status: jest.status ?? 1, counts: [0, 0, 0] };
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(results, 'utf8'));
  return { status: jest.status ?? 1, counts: [numPassedTests, numFailedTests, numPendingTests] };
}

const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(0)} s`;

/**
 * The docker phase (docs/containers.md): a Docker engine, the images (official ones when a registry
 * answers, else built offline, cached), the `*.docker.spec.ts` files one at a time (the compose smoke
 * test, the docker and swarm hosting adapters), then CONTAINER_SELECTION on
 * Testcontainers. A failure to get that far counts as one failed test, not as a lost run.
 */
async function dockerPhase(env) {
  const started = Date.now();
  try {
    await ensureDocker();
    const images = ensureImages();
    console.log(`docker phase: images ready in ${seconds(started)}`);
    const smokeStarted = Date.now();
    const smoke = runJest(['--runInBand', '--testPathPatterns', DOCKER_SUITES], { ...env, ...images });
    console.log(`docker phase: compose smoke test and hosting adapters ${seconds(smokeStarted)}`);
    const containersStarted = Date.now();
    const containers = runJest(['--testPathPatterns', ...CONTAINER_SELECTION.map((file) => file.replaceAll('.', '\\.'))], { ...env, ...images, TEST_INFRA: 'containers' });
    console.log(`docker phase: Testcontainers selection ${seconds(containersStarted)}; the phase ${seconds(started)}`);
    return [smoke, containers];
  } catch (error) {
    console.error(`docker phase: ${error.message} (${seconds(started)})`);
    return [{ status: 1, counts: [0, 1, 0] }];
  }
}

try {
  ensureInstalled();
  if (ensureInfrastructure()) await dropLeftoverTestDatabases(process.env.DATABASE_URL);
  console.log('Type checking...');
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']);
  // The web app has its own compiler settings (DOM, JSX, bundler resolution).
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'apps/web/tsconfig.json', '--noEmit']);
  const dockerOnly = process.argv[2] === '--docker';
  const wholeSuite = process.argv.length <= 2;
  const runs = dockerOnly ? [] : wholeSuite ? WHOLE_SUITE : [process.argv.slice(2)];
  const env = { ...process.env };
  // The browser test drives the built app in Chromium: only when the run includes it.
  if (wholeSuite || process.argv.slice(2).some((arg) => arg.includes('apps/web'))) {
    env.CHROMIUM_PATH = ensureChromium();
    console.log('Building the web app...');
    buildWebApp();
  }
  const outcomes = runs.map((args) => runJest(args, env));
  if (wholeSuite || dockerOnly) outcomes.push(...(await dockerPhase(env)));
  const totals = outcomes.reduce((sum, { counts }) => sum.map((count, index) => count + counts[index]), [0, 0, 0]);
  // The plain closing line CI reads, whatever the runner prints above it.
  console.log(`jest: ${totals[0]} passed, ${totals[1]} failed, ${totals[2]} skipped`);
  process.exit(outcomes.find(({ status }) => status !== 0)?.status ?? 0);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}
