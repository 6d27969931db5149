import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NegotiationQuery, SUBJECTS, validateAs, type NegotiationReply } from '@platform/contracts';
import { Negotiations } from './negotiations.js';

/** Service to service: where a booking's negotiation stands (the booking-settlement skill). */
@Controller()
export class NegotiationHandlers {
  constructor(private readonly negotiations: Negotiations) {}

  @MessagePattern(SUBJECTS.bus.negotiation)
  find(@Payload() data: unknown): Promise<NegotiationReply> {
    return this.negotiations.find(validateAs(NegotiationQuery, data).bookingId);
  }
}
