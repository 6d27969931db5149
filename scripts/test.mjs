// npm test: install, infrastructure, type check, then every test (Jest on ESM, 2 workers).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT, run } from './lib.mjs';

try {
  ensureInstalled();
  const infraEnv = await ensureInfrastructure();
  console.log('Type checking...');
  run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']);
  const jest = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...infraEnv } },
  );
  process.exit(jest.status ?? 1);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}
