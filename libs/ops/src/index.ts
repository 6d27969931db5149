export * from './child-cache.js';
export * from './latency-buckets.js';
export * from './ops-endpoint.js';
export * from './ops-server.js';
export * from './ops.module.js';
export * from './service-metrics.js';
export * from './webhook.metrics.js';
