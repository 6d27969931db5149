export * from './a2a-limits.js';
export * from './agent-message.js';
export * from './agent-replies.js';
export * from './bus-jobs.js';
export * from './bus-messages.js';
export * from './bus-queries.js';
export * from './bus-views.js';
export * from './bus.dtos.js';
