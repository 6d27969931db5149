import { Injectable } from '@nestjs/common';
import type { CreateUndergroundEventDto, UndergroundEventView } from '@platform/contracts';
import { Db } from '@platform/database';
import { EventEntity } from './event.entity.js';

/** The newest this many events are listed; the spec's list has no paging. */
const LIST_LIMIT = 500;

const view = (event: EventEntity): UndergroundEventView => ({
  id: event.id, agent_id: event.agentId, name: event.name, description: event.description, venue: event.venue,
  event_date: event.eventDate.toISOString(), ticket_price_usdc: event.ticketPriceUsdc, total_tickets: event.totalTickets,
});

/** Underground events (extended-services 4.2): created by agents' backends, listed newest event_date first. */
@Injectable()
export class EventsService {
  constructor(private readonly db: Db) {}

  async create(request: CreateUndergroundEventDto): Promise<UndergroundEventView> {
    const event = await this.db.asSystem((manager) => manager.save(manager.create(EventEntity, {
      agentId: request.agent_id, name: request.name.trim(), description: request.description, venue: request.venue.trim(),
      eventDate: new Date(request.event_date), ticketPriceUsdc: request.ticket_price_usdc, totalTickets: request.total_tickets,
    })));
    return view(event);
  }

  /** One event, for the ticketing skill; null for none. */
  async get(eventId: number): Promise<UndergroundEventView | null> {
    const event = await this.db.asSystem((manager) => manager.findOneBy(EventEntity, { id: eventId }));
    return event && view(event);
  }

  async list(): Promise<UndergroundEventView[]> {
    const events = await this.db.asSystem((manager) => manager.find(EventEntity, { order: { eventDate: 'DESC', id: 'DESC' }, take: LIST_LIMIT }));
    return events.map(view);
  }
}
