import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CalendarAvailabilityDto, CalendarEventIdDto, CalendarSubjectUserDto, CreateCalendarEventDto, ListCalendarEventsDto,
  QuickAddCalendarEventDto, SUBJECTS, UpdateCalendarEventDto, validateAs,
} from '@platform/contracts';
import { CalendarConnect } from './calendar-connect.service.js';
import { CalendarEvents } from './calendar-events.service.js';

/** The operations of 4.3 as service-to-service queries: `{ userId, ...the route's fields }`, answered with the route's body. */
@Controller()
export class CalendarQueriesHandlers {
  constructor(private readonly connect: CalendarConnect, private readonly events: CalendarEvents) {}

  @MessagePattern(SUBJECTS.calendar.connect)
  async connectUrl(@Payload() data: unknown) {
    return { authUrl: await this.connect.authUrl(ownerOf(data)) };
  }

  @MessagePattern(SUBJECTS.calendar.listEvents)
  list(@Payload() data: unknown) {
    return this.events.list(ownerOf(data), validateAs(ListCalendarEventsDto, data));
  }

  @MessagePattern(SUBJECTS.calendar.availability)
  availability(@Payload() data: unknown) {
    return this.events.availability(ownerOf(data), validateAs(CalendarAvailabilityDto, data));
  }

  @MessagePattern(SUBJECTS.calendar.createEvent)
  create(@Payload() data: unknown) {
    return this.events.create(ownerOf(data), validateAs(CreateCalendarEventDto, data));
  }

  @MessagePattern(SUBJECTS.calendar.updateEvent)
  update(@Payload() data: unknown) {
    return this.events.update(ownerOf(data), validateAs(UpdateCalendarEventDto, data));
  }

  @MessagePattern(SUBJECTS.calendar.deleteEvent)
  delete(@Payload() data: unknown) {
    return this.events.delete(ownerOf(data), validateAs(CalendarEventIdDto, data));
  }

  @MessagePattern(SUBJECTS.calendar.quickAdd)
  quickAdd(@Payload() data: unknown) {
    return this.events.quickAdd(ownerOf(data), validateAs(QuickAddCalendarEventDto, data));
  }
}

const ownerOf = (data: unknown) => validateAs(CalendarSubjectUserDto, data).userId;
