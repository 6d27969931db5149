// npm test: install, infrastructure, type check, then every test (Jest on ESM, 2 workers; the fault suites after, alone).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebApp, ensureChromium, ensureInfrastructure, ensureInstalled, ROOT, run } from './lib.mjs';

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
const WHOLE_SUITE = [['--testPathIgnorePatterns', FAULT_SUITES], ['--runInBand', '--testPathPatterns', FAULT_SUITES]];

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

try {
  ensureInstalled();
  if (ensureInfrastructure()) await dropLeftoverTestDatabases(process.env.DATABASE_URL);
  console.log('Type checking...');
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']);
  // The web app has its own compiler settings (DOM, JSX, bundler resolution).
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'apps/web/tsconfig.json', '--noEmit']);
  const runs = process.argv.length > 2 ? [process.argv.slice(2)] : WHOLE_SUITE;
  const env = { ...process.env };
  // The browser test drives the built app in Chromium: only when the run includes it.
  if (process.argv.length <= 2 || process.argv.slice(2).some((arg) => arg.includes('apps/web'))) {
    env.CHROMIUM_PATH = ensureChromium();
    console.log('Building the web app...');
    buildWebApp();
  }
  const outcomes = runs.map((args) => runJest(args, env));
  const totals = outcomes.reduce((sum, { counts }) => sum.map((count, index) => count + counts[index]), [0, 0, 0]);
  // The plain closing line CI reads, whatever the runner prints above it.
  console.log(`jest: ${totals[0]} passed, ${totals[1]} failed, ${totals[2]} skipped`);
  process.exit(outcomes.find(({ status }) => status !== 0)?.status ?? 0);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}
