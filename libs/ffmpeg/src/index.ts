export * from './video-probe.js';
export * from './video-tools.js';
