import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, UseFilters } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../clock.service.js';
import type { CalendarAccount, CalendarEvent } from './calendar-account.model.js';
import { badRequest, CalendarApiError, invalidCredentials, notFound } from './calendar-api-error.js';
import { CalendarApiExceptionFilter } from './calendar-api-exception.filter.js';
import { CalendarStore } from './calendar-store.service.js';
import { quickAddTimes } from './quick-add.js';

type EventTime = CalendarEvent['start'];

/** An event's start or end as an instant: a dateTime, or an all-day date's midnight UTC. */
function instantOf(time: EventTime): number {
  return Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);
}

function validTime(value: unknown): value is EventTime {
  const time = value as EventTime | null;
  return typeof time === 'object' && time !== null && (typeof time.dateTime === 'string' || typeof time.date === 'string')
    && !Number.isNaN(instantOf(time));
}

/**
 * The calendar API (v3) as `@googleapis/calendar` calls it: the SDK keeps only its rootUrl's origin,
 * so the API lives at `/calendar/v3` on the sandbox's root. The primary calendar
 * and its events, each call made with a Bearer access token (401 once it has expired).
 */
@Controller('calendar/v3')
@UseFilters(CalendarApiExceptionFilter)
export class CalendarApiController {
  constructor(private readonly store: CalendarStore, private readonly clock: Clock) {}

  @Get('users/me/calendarList/:calendarId')
  calendarListEntry(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string) {
    const account = this.calendar(authorization, calendarId);
    return { kind: 'calendar#calendarListEntry', id: account.email, summary: account.email, timeZone: account.timeZone, primary: true, accessRole: 'owner' };
  }

  @Get('calendars/:calendarId')
  calendarResource(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string) {
    const account = this.calendar(authorization, calendarId);
    return { kind: 'calendar#calendar', id: account.email, summary: account.email, timeZone: account.timeZone };
  }

  @Get('calendars/:calendarId/events')
  list(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string, @Query() query: Record<string, string | undefined>) {
    const account = this.calendar(authorization, calendarId);
    if (query.orderBy === 'startTime' && query.singleEvents !== 'true') throw badRequest('The requested ordering is not available for the particular query.');
    const timeMin = query.timeMin ? Date.parse(query.timeMin) : -Infinity;
    const timeMax = query.timeMax ? Date.parse(query.timeMax) : Infinity;
    if (Number.isNaN(timeMin) || Number.isNaN(timeMax)) throw badRequest('Bad Request');
    const items = [...account.events.values()]
      .filter((event) => instantOf(event.end) > timeMin && instantOf(event.start) < timeMax)
      .sort((a, b) => instantOf(a.start) - instantOf(b.start));
    return { kind: 'calendar#events', summary: account.email, timeZone: account.timeZone, items };
  }

  @Post('calendars/:calendarId/events/quickAdd')
  quickAdd(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string, @Query('text') text: string | undefined) {
    const account = this.calendar(authorization, calendarId);
    if (!text) throw badRequest('Required parameter: text');
    return this.save(account, quickAddTimes(text, this.clock.now()));
  }

  @Post('calendars/:calendarId/events')
  insert(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string, @Body() body: Partial<CalendarEvent> | undefined) {
    const account = this.calendar(authorization, calendarId);
    if (!validTime(body?.start)) throw badRequest('Missing start time.');
    if (!validTime(body?.end)) throw badRequest('Missing end time.');
    return this.save(account, { ...fields(body), start: body.start, end: body.end });
  }

  @Get('calendars/:calendarId/events/:eventId')
  get(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string, @Param('eventId') eventId: string) {
    return this.event(this.calendar(authorization, calendarId), eventId);
  }

  @Patch('calendars/:calendarId/events/:eventId')
  patch(
    @Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string, @Param('eventId') eventId: string,
    @Body() body: Partial<CalendarEvent> | undefined,
  ) {
    const event = this.event(this.calendar(authorization, calendarId), eventId);
    if (body?.start !== undefined && !validTime(body.start)) throw badRequest('Invalid start time.');
    if (body?.end !== undefined && !validTime(body.end)) throw badRequest('Invalid end time.');
    Object.assign(event, fields(body), body?.start ? { start: body.start } : {}, body?.end ? { end: body.end } : {});
    event.updated = new Date(this.clock.now()).toISOString();
    return event;
  }

  @Delete('calendars/:calendarId/events/:eventId')
  @HttpCode(204)
  delete(@Headers('authorization') authorization: string | undefined, @Param('calendarId') calendarId: string, @Param('eventId') eventId: string): void {
    const account = this.calendar(authorization, calendarId);
    if (!account.events.delete(eventId)) throw notFound();
  }

  /** The token's account, if the calendar named is its primary one. */
  private calendar(authorization: string | undefined, calendarId: string): CalendarAccount {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const account = token ? this.store.accountOf(token) : undefined;
    if (!account) throw invalidCredentials();
    if (account.failWith) throw new CalendarApiError(account.failWith, 'Backend Error', 'backendError', 'UNAVAILABLE');
    if (calendarId !== 'primary' && calendarId !== account.email) throw notFound();
    return account;
  }

  private event(account: CalendarAccount, eventId: string): CalendarEvent {
    const event = account.events.get(eventId);
    if (!event) throw notFound();
    return event;
  }

  private save(account: CalendarAccount, content: Omit<CalendarEvent, 'kind' | 'id' | 'status' | 'created' | 'updated'>): CalendarEvent {
    const at = new Date(this.clock.now()).toISOString();
    const event: CalendarEvent = { kind: 'calendar#event', id: randomBytes(13).toString('hex'), status: 'confirmed', created: at, updated: at, ...content };
    account.events.set(event.id, event);
    return event;
  }
}

/** The event's text fields a request may set; anything else it sends is not kept. */
function fields(body: Partial<CalendarEvent> | undefined): Pick<CalendarEvent, 'summary' | 'description' | 'location' | 'attendees'> {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const attendees = Array.isArray(body?.attendees) ? body.attendees.filter((attendee) => typeof attendee?.email === 'string') : undefined;
  return Object.fromEntries(Object.entries({
    summary: text(body?.summary), description: text(body?.description), location: text(body?.location), attendees,
  }).filter(([, value]) => value !== undefined));
}
