export * from './http.client.js';
