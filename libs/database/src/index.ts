export * from './data-source.factory.js';
export * from './database-url.js';
export * from './database.module.js';
export * from './db.js';
export * from './ensure-database.js';
export * from './migrate.js';
export * from './row-level-security.js';
export * from './service-database.js';
