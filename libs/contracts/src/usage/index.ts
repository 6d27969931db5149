export * from './usage-jobs.js';
