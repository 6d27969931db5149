// npm test: install, infrastructure, type check, then every test (Jest on ESM, 2 workers).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT, run } from './lib.mjs';

/**
 * Databases of test files that crashed before dropping their own, and templates of earlier
 * migration sets (the current one is rebuilt if its fingerprint still matches); one in use is left alone.
 */
async function dropLeftoverTestDatabases(url = 'postgres://postgres@127.0.0.1:5432/platform') {
  // Imported here, not at the top: on a fresh clone this file runs before anything is installed.
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT datname FROM pg_database WHERE datname LIKE 'platform\\_test\\_%' OR datname LIKE 'platform\\_tpl\\_%'`);
    for (const { datname } of rows) {
      const name = pg.escapeIdentifier(datname);
      await client.query(`ALTER DATABASE ${name} WITH is_template false`).catch(() => undefined);
      await client.query(`DROP DATABASE ${name}`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

try {
  ensureInstalled();
  if (ensureInfrastructure()) await dropLeftoverTestDatabases(process.env.DATABASE_URL);
  console.log('Type checking...');
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']);
  const results = path.join(mkdtempSync(path.join(os.tmpdir(), 'platform-test-')), 'results.json');
  const jest = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--json', `--outputFile=${results}`, ...process.argv.slice(2),
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (existsSync(results)) {
    // The plain closing line CI reads, whatever the runner prints above it.
    const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(results, 'utf8'));
    console.log(`jest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
  }
  process.exit(jest.status ?? 1);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}
