export * from './calendar-actions.js';
export * from './calendar-messages.js';
export * from './calendar-views.js';
export * from './calendar.dtos.js';
