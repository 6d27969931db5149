import type { CalendarEvent } from './calendar-account.model.js';

const DATE_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?:Z|[+-]\d\d:\d\d)?/;
const HOUR_MS = 3_600_000;

/**
 * The sandbox's reading of a quick-add text: an ISO date-time in it is when the hour-long event
 * starts (the rest is its summary); without one it starts at the next whole hour.
 */
export function quickAddTimes(text: string, now: number): Pick<CalendarEvent, 'summary' | 'start' | 'end'> {
  const found = DATE_TIME.exec(text);
  const parsed = found ? Date.parse(found[0]) : Number.NaN;
  const start = Number.isNaN(parsed) ? Math.ceil(now / HOUR_MS) * HOUR_MS : parsed;
  const summary = (found ? text.replace(found[0], ' ') : text).replace(/\s+/g, ' ').trim() || text;
  return { summary, start: { dateTime: new Date(start).toISOString() }, end: { dateTime: new Date(start + HOUR_MS).toISOString() } };
}
