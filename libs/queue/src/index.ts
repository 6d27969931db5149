export * from './buffered-job-producer.js';
export * from './queue.factory.js';
export * from './queue.module.js';
export * from './redis.module.js';
export * from './redis-connection.js';
export * from './held-retries.js';
export * from './redis-script.js';
export * from './periodic-sweep.js';
