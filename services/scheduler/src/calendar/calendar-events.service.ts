import { Injectable } from '@nestjs/common';
import type { calendar_v3 } from '@googleapis/calendar';
import {
  ApiError, CALENDAR_MESSAGES as M, type CalendarAvailabilityDto, type CalendarAvailabilityView, type CalendarEventIdDto,
  type CalendarEventsView, type CreateCalendarEventDto, type CreatedCalendarEvent,
  type ListCalendarEventsDto, type QuickAddCalendarEventDto, type QuickAddedCalendarEvent, type SuccessReply,
  type UpdateCalendarEventDto, type UpdatedCalendarEvent,
} from '@platform/contracts';
import { eventInterval, eventView } from './calendar-event-view.js';
import { CalendarSessions } from './calendar-sessions.js';
import { availability, FIRST_SLOT_HOUR, LAST_SLOT_END_HOUR, type Interval } from './calendar-slots.js';
import { dateIn, zonedInstant } from './zoned-time.js';

/** Section 8: the list's window when none is given. */
const DEFAULT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The operations of 4.3 on a connected user's primary calendar. */
@Injectable()
export class CalendarEvents {
  constructor(private readonly sessions: CalendarSessions) {}

  list(userId: string, query: ListCalendarEventsDto): Promise<CalendarEventsView> {
    const start = query.start ? instant(query.start, M.startInvalid) : new Date();
    const end = query.end ? instant(query.end, M.endInvalid) : new Date(start.getTime() + DEFAULT_WINDOW_MS);
    if (end <= start) throw new ApiError(400, M.endBeforeStart);
    return this.sessions.run(userId, async ({ api, connection }) => ({
      events: (await eventsBetween(api, connection.calendarId, { start, end })).map(eventView),
      timezone: connection.timeZone,
    }));
  }

  availability(userId: string, query: CalendarAvailabilityDto): Promise<CalendarAvailabilityView> {
    return this.sessions.run(userId, async ({ api, connection }) => {
      const { timeZone, calendarId } = connection;
      const date = query.date ?? dateIn(new Date(), timeZone);
      const day = { start: zonedInstant(date, FIRST_SLOT_HOUR, timeZone), end: zonedInstant(date, LAST_SLOT_END_HOUR, timeZone) };
      const events = (await eventsBetween(api, calendarId, day)).flatMap((event) => eventInterval(event, timeZone) ?? []);
      return availability(date, timeZone, events);
    });
  }

  create(userId: string, body: CreateCalendarEventDto): Promise<CreatedCalendarEvent> {
    inOrder(body.start, body.end);
    return this.sessions.run(userId, async ({ api, connection }) => {
      const { data } = await api.events.insert({
        calendarId: connection.calendarId,
        requestBody: {
          summary: body.title,
          description: body.description,
          location: body.location,
          start: { dateTime: body.start },
          end: { dateTime: body.end },
          attendees: body.attendees?.map((email) => ({ email })),
        },
      });
      const event = eventView(data);
      return { success: true, eventId: event.id, event };
    });
  }

  update(userId: string, body: UpdateCalendarEventDto): Promise<UpdatedCalendarEvent> {
    if (body.start && body.end) inOrder(body.start, body.end);
    const patch: calendar_v3.Schema$Event = {
      summary: body.title,
      description: body.description,
      location: body.location,
      start: body.start ? { dateTime: body.start } : undefined,
      end: body.end ? { dateTime: body.end } : undefined,
    };
    return this.sessions.run(userId, async ({ api, connection }) => {
      const { data } = await api.events.patch({ calendarId: connection.calendarId, eventId: body.eventId, requestBody: patch });
      return { success: true, event: eventView(data) };
    });
  }

  delete(userId: string, body: CalendarEventIdDto): Promise<SuccessReply> {
    return this.sessions.run(userId, async ({ api, connection }) => {
      await api.events.delete({ calendarId: connection.calendarId, eventId: body.eventId });
      return { success: true };
    });
  }

  quickAdd(userId: string, body: QuickAddCalendarEventDto): Promise<QuickAddedCalendarEvent> {
    return this.sessions.run(userId, async ({ api, connection }) => {
      const { data } = await api.events.quickAdd({ calendarId: connection.calendarId, text: body.text });
      return { success: true, eventId: data.id ?? '' };
    });
  }
}

/** Every event overlapping the window, recurring ones expanded, in start order (all pages). */
async function eventsBetween(api: calendar_v3.Calendar, calendarId: string, window: Interval): Promise<calendar_v3.Schema$Event[]> {
  const events: calendar_v3.Schema$Event[] = [];
  let pageToken: string | undefined;
  do {
    const { data } = await api.events.list({
      calendarId, timeMin: window.start.toISOString(), timeMax: window.end.toISOString(), singleEvents: true, orderBy: 'startTime', maxResults: 2500, pageToken,
    });
    events.push(...(data.items ?? []));
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken);
  return events;
}

/** A date-time the validator let through but Date cannot place (a leap second) is refused the same way. */
function instant(value: string, message: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, message);
  return date;
}

function inOrder(start: string, end: string): void {
  if (instant(end, M.endInvalid) <= instant(start, M.startInvalid)) throw new ApiError(400, M.endBeforeStart);
}
