import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.$schema;
// The web app's components (apps/web): TSX with React's automatic runtime, for the jsdom component tests.
const swcTsx = {
  ...swc,
  jsc: { ...swc.jsc, parser: { syntax: 'typescript', tsx: true }, transform: { ...swc.jsc.transform, react: { runtime: 'automatic' } } },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/apps', '<rootDir>/scripts'],
  // scripts/*.spec.ts: the scripts' own modules (the npm start supervisor) sit beside their specs.
  // *.spec.tsx: web components, each opting into jsdom with a `@jest-environment jsdom` docblock.
  testMatch: ['**/src/**/*.spec.ts', '**/src/**/*.spec.tsx', '<rootDir>/scripts/*.spec.ts'],
  moduleNameMapper: {
    '^@platform/ai-gateway/app$': '<rootDir>/services/ai-gateway/src/ai-gateway.app.ts',
    '^@platform/identity/app$': '<rootDir>/services/identity/src/identity.app.ts',
    '^@platform/(.*)$': '<rootDir>/libs/$1/src/index.ts',
    '^@contracts/(.*)\\.js$': '<rootDir>/libs/contracts/src/$1',
    // @fastify/static (CommonJS) requires content-disposition 3, an ES module, which Node loads with
    // require(esm) but Jest's module runner cannot; version 2 (CommonJS, same function) stands in
    // under Jest. The gateway uses it only for downloads, which it never sends.
    '^content-disposition$': '<rootDir>/node_modules/content-disposition',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    '^.+\\.tsx$': ['@swc/jest', swcTsx],
  },
  globalSetup: '<rootDir>/libs/testing/global-setup.mjs',
  globalTeardown: '<rootDir>/libs/testing/global-teardown.mjs',
  // A platform spec's setup boots services and a real agent runtime; with 2 workers on 2 cores that
  // took over 30 s in a full run (agent-chat's beforeAll). A service in a child process loads its
  // whole module graph through the TypeScript loader first (17 s measured under a full run), and
  // CI once needed over 60 s for the sandbox, a gateway and one such process: hooks and tests get 120 s.
  testTimeout: 120000,
  maxWorkers: 2,
  // A worker keeps what every file it ran leaked (4 GB by mid-run, with small files taking ten times
  // their time alone): past this it is replaced by a fresh one after its current file.
  workerIdleMemoryLimit: '1GB',
};
