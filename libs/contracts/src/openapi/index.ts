export * from './api-document.js';
export * from './openapi-types.js';
export * from './route-bodies.js';
export * from './api-document-query.dto.js';
