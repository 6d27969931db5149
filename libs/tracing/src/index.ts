export * from './sampler.js';
export * from './start-tracing.js';
export * from './trace-context.js';
export * from './tracer.js';
export * from './messaging-attributes.js';
export * from './request-spans.js';
export * from './root-sampling.js';
