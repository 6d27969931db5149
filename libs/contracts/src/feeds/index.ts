export * from './colony.js';
export * from './data-feeds.js';
export * from './datafeeds.dtos.js';
export * from './feeds-messages.js';
