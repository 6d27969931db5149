export * from './key-wrapper.js';
export * from './secret-box.js';
