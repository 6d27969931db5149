import { Injectable } from '@nestjs/common';
import { SUBJECTS, type NegotiationReply, type UndergroundEventView } from '@platform/contracts';
import { PlatformCalls } from './platform-calls.js';

/** The bus service: underground events and booking negotiations, read for the skills that act on them. */
@Injectable()
export class BusClient {
  constructor(private readonly calls: PlatformCalls) {}

  event(eventId: number): Promise<UndergroundEventView | null> {
    return this.calls.query(SUBJECTS.bus.event, { eventId });
  }

  negotiation(bookingId: string): Promise<NegotiationReply> {
    return this.calls.query(SUBJECTS.bus.negotiation, { bookingId });
  }
}
