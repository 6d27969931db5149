export * from './summarize.dto.js';
export * from './summarizer-limits.js';
export * from './summarizer-messages.js';
export * from './summarizer-views.js';
