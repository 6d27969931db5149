import { Injectable } from '@nestjs/common';
import {
  CalendarAvailabilityDto, CalendarEventIdDto, CalendarGetActionDto, CalendarPostActionDto, CalendarUserDto,
  CreateCalendarEventDto, ListCalendarEventsDto, ok, QuickAddCalendarEventDto, requireUser, UpdateCalendarEventDto, validateAs,
  type CalendarAuthUrlView, type Envelope, type Reply,
} from '@platform/contracts';
import { CalendarConnect } from './calendar-connect.service.js';
import { CalendarEvents } from './calendar-events.service.js';
import { calendarOwner } from './calendar-owner.js';

/** GET and POST /api/calendar: the action picks the operation of 4.3, for the caller's own calendar. */
@Injectable()
export class CalendarRoutes {
  constructor(private readonly connect: CalendarConnect, private readonly events: CalendarEvents) {}

  async query(envelope: Envelope): Promise<Reply> {
    const caller = requireUser(envelope);
    const { action } = validateAs(CalendarGetActionDto, envelope.query);
    const owner = (userId: string | undefined) => calendarOwner(caller, userId);
    switch (action) {
      case 'auth':
        return { status: 302, redirect: await this.connect.authUrl(owner(validateAs(CalendarUserDto, envelope.query).userId)) };
      case 'list': {
        const query = validateAs(ListCalendarEventsDto, envelope.query);
        return ok(await this.events.list(owner(query.userId), query));
      }
      case 'availability': {
        const query = validateAs(CalendarAvailabilityDto, envelope.query);
        return ok(await this.events.availability(owner(query.userId), query));
      }
    }
  }

  async action(envelope: Envelope): Promise<Reply> {
    const caller = requireUser(envelope);
    const { action } = validateAs(CalendarPostActionDto, envelope.body);
    const owner = (userId: string | undefined) => calendarOwner(caller, userId);
    switch (action) {
      case 'connect':
        return ok<CalendarAuthUrlView>({ authUrl: await this.connect.authUrl(owner(validateAs(CalendarUserDto, envelope.body).userId)) });
      case 'create-event': {
        const body = validateAs(CreateCalendarEventDto, envelope.body);
        return ok(await this.events.create(owner(body.userId), body));
      }
      case 'update-event': {
        const body = validateAs(UpdateCalendarEventDto, envelope.body);
        return ok(await this.events.update(owner(body.userId), body));
      }
      case 'delete-event': {
        const body = validateAs(CalendarEventIdDto, envelope.body);
        return ok(await this.events.delete(owner(body.userId), body));
      }
      case 'quick-add': {
        const body = validateAs(QuickAddCalendarEventDto, envelope.body);
        return ok(await this.events.quickAdd(owner(body.userId), body));
      }
    }
  }
}
