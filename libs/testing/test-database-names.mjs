// Names of the test template and test databases, plain JS so `npm test` (scripts/test.mjs) can read
// them before anything is compiled and agree with libs/testing on what is current and what is stale.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVICES_DIR = path.resolve(import.meta.dirname, '../../services');
const TEST_DATABASE = /^platform_test_(\d+)_[0-9a-f]+$/;

/** Changes whenever any migration does, so a stale template is never reused. */
export function migrationsFingerprint() {
  const hash = createHash('sha256');
  for (const service of readdirSync(SERVICES_DIR).sort()) {
    const dir = path.join(SERVICES_DIR, service, 'src', 'migrations');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The template the current migrations are cloned from. */
export function templateName() {
  return `platform_tpl_${migrationsFingerprint()}`;
}

/** One test file's database, named with its creation time so a later run can tell a crashed file's leftover from a live one. */
export function testDatabaseName(now = Date.now()) {
  return `platform_test_${Math.floor(now / 1000)}_${randomBytes(6).toString('hex')}`;
}

/** When a test database was created (ms since the epoch), or undefined for a name this module did not make. */
export function testDatabaseCreatedAt(name) {
  const match = TEST_DATABASE.exec(name);
  return match ? Number(match[1]) * 1000 : undefined;
}
