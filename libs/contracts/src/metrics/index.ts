export * from './agent-metrics.query.js';
export * from './bus-metrics.query.js';
export * from './container-metrics.query.js';
export * from './metrics-messages.js';
export * from './metrics-scope.js';
export * from './metrics-views.js';
export * from './metrics.dtos.js';
export * from './revenue.query.js';
