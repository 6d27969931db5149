export * from './http.client.js';
export { OutboundTimeoutError, type JsonPost, type TextAnswer } from './json-post.js';
export * from './expiring-reads.js';
export * from './guarded-agents.js';
export * from './public-get.js';
export * from './public-address.js';
export * from './breaker.metrics.js';
