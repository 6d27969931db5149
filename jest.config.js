import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.$schema;

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/scripts'],
  // scripts/*.spec.ts: the scripts' own modules (the npm start supervisor) sit beside their specs.
  testMatch: ['**/src/**/*.spec.ts', '<rootDir>/scripts/*.spec.ts'],
  moduleNameMapper: {
    '^@platform/(.*)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  globalSetup: '<rootDir>/libs/testing/global-setup.mjs',
  globalTeardown: '<rootDir>/libs/testing/global-teardown.mjs',
  // A platform spec's setup boots services and a real agent runtime; with 2 workers on 2 cores that
  // took over 30 s in a full run (agent-chat's beforeAll). A service in a child process loads its
  // whole module graph through the TypeScript loader first (17 s measured under a full run), and
  // CI once needed over 60 s for the sandbox, a gateway and one such process: hooks and tests get 120 s.
  testTimeout: 120000,
  maxWorkers: 2,
};
