export * from './scheduled-task-views.js';
export * from './scheduled-task.dtos.js';
export * from './scheduler-jobs.js';
export * from './scheduler-messages.js';
export * from './task-limits.js';
