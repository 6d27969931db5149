export * from './agent-status.js';
export * from './watchdog.messages.js';
export * from './agent-jobs.js';
