export * from './event-map.js';
export * from './plan-changed.event.js';
export * from './sessions-revoked.event.js';
export * from './user-registered.event.js';
export * from './agent-status-changed.event.js';
export * from './wallet-top-up-paid.event.js';
export * from './account-changed.event.js';
export * from './risc-received.event.js';
