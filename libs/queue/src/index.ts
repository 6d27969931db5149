export * from './queue.factory.js';
export * from './queue.module.js';
