export * from './ai-headers.js';
export * from './ai-messages.js';
export * from './ai-routing.js';
export * from './chat.dto.js';
export * from './model-catalogue.js';
export * from './plan-access.js';
