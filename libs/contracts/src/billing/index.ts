export * from './billing-metadata.js';
export * from './billing-plans.js';
export * from './billing.dtos.js';
export * from './byok.js';
export * from './messages.js';
export * from './billing-views.js';
