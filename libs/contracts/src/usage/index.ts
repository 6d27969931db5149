export * from './daily-calls.js';
export * from './messages.js';
export * from './usage-jobs.js';
export * from './usage-queries.dto.js';
export * from './usage-views.js';
export * from './key-spend.js';
