export * from './model-catalogue.js';
