export * from './load-env.js';
export * from './common.env.js';
export * from './env-decorators.js';
export * from './pino-logger.js';
export * from './run-main.js';
export * from './dependency.js';
export * from './readiness.js';
export * from './coalesced-writes.js';
