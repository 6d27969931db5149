export * from './event-bus.js';
export * from './messaging.module.js';
export * from './messaging.tokens.js';
export * from './prefixed-nats.server.js';
export * from './reply.interceptor.js';
export * from './rpc.client.js';
export * from './start-service.js';
