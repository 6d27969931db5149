export * from './infra-urls.js';
export * from './platform.js';
export * from './test-client.js';
export * from './test-database.js';
export * from './test-env.js';
export * from './event-stream.js';
export * from './redis-keys.js';
export * from './agent-runtimes.js';
