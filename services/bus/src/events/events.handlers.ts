import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  created, CreateUndergroundEventDto, ok, SUBJECTS, UndergroundEventQuery, validateAs, type Envelope, type UndergroundEventView,
} from '@platform/contracts';
import { EventsService } from './events.service.js';

@Controller()
export class EventsHandlers {
  constructor(private readonly events: EventsService) {}

  @MessagePattern(SUBJECTS.bus.createEvent)
  async create(@Payload() envelope: Envelope) {
    return created(await this.events.create(validateAs(CreateUndergroundEventDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.bus.listEvents)
  async list() {
    return ok(await this.events.list());
  }

  /** Service to service: one event or null. */
  @MessagePattern(SUBJECTS.bus.event)
  get(@Payload() data: unknown): Promise<UndergroundEventView | null> {
    return this.events.get(validateAs(UndergroundEventQuery, data).eventId);
  }
}
