import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type Envelope } from '@platform/contracts';
import { CalendarConnect } from './calendar-connect.service.js';
import { CalendarRoutes } from './calendar-routes.service.js';

/** /api/calendar and its callback (extended-services 4.3). */
@Controller()
export class CalendarHandlers {
  constructor(private readonly routes: CalendarRoutes, private readonly connect: CalendarConnect) {}

  @MessagePattern(SUBJECTS.calendar.query)
  query(@Payload() envelope: Envelope) {
    return this.routes.query(envelope);
  }

  @MessagePattern(SUBJECTS.calendar.action)
  action(@Payload() envelope: Envelope) {
    return this.routes.action(envelope);
  }

  @MessagePattern(SUBJECTS.calendar.callback)
  callback(@Payload() envelope: Envelope) {
    return this.connect.callback(envelope.query);
  }
}
