export * from './event-map.js';
export * from './plan-changed.event.js';
export * from './sessions-revoked.event.js';
export * from './user-registered.event.js';
export * from './agent-status-changed.event.js';
