import type { calendar_v3 } from '@googleapis/calendar';
import type { CalendarEventView } from '@platform/contracts';
import type { Interval } from './calendar-slots.js';
import { zonedInstant } from './zoned-time.js';

type EventTime = calendar_v3.Schema$EventDateTime | undefined;

/** An all-day event's `date` stands in for `dateTime`, so every event has both ends. */
const dateTimeOf = (time: EventTime): string => time?.dateTime ?? time?.date ?? '';

export function eventView(event: calendar_v3.Schema$Event): CalendarEventView {
  return {
    id: event.id ?? '',
    summary: event.summary ?? '',
    start: { dateTime: dateTimeOf(event.start) },
    end: { dateTime: dateTimeOf(event.end) },
    ...(event.location ? { location: event.location } : {}),
  };
}

/** The instant an event's end starts or stops; an all-day date is midnight on the calendar's wall clock. */
function instantOf(time: EventTime, timeZone: string): Date | null {
  if (time?.dateTime) return new Date(time.dateTime);
  if (time?.date) return zonedInstant(time.date, 0, timeZone);
  return null;
}

/** The span an event occupies; null for one without both ends or a cancelled one. */
export function eventInterval(event: calendar_v3.Schema$Event, timeZone: string): Interval | null {
  if (event.status === 'cancelled') return null;
  const start = instantOf(event.start, timeZone);
  const end = instantOf(event.end, timeZone);
  return start && end && !Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime()) ? { start, end } : null;
}
