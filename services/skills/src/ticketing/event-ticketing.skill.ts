import { Injectable } from '@nestjs/common';
import { ApiError, EventTicketingDto, SKILL_MESSAGES as M, validateAs } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { AgentsClient } from '../platform/agents-client.js';
import { BusClient } from '../platform/bus-client.js';
import { TicketSales } from './ticket-sales.js';

/**
 * event-ticketing: `purchase` tickets of an underground event (the bus's), `availability` (ours).
 * The buyer becomes a fan of the event agent's owner (groupie-manager).
 */
@Injectable()
export class EventTicketingSkill implements Skill {
  readonly id = 'event-ticketing';

  constructor(private readonly bus: BusClient, private readonly agents: AgentsClient, private readonly sales: TicketSales) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(EventTicketingDto, body);
    const event = await this.bus.event(request.eventId);
    if (!event) throw new ApiError(404, M.eventNotFound);
    if (request.action === 'availability') return this.sales.availability(event);
    if (Date.parse(event.event_date) <= Date.now()) throw new ApiError(409, M.eventPast);
    const organizerId = await this.agents.ownerOf(event.agent_id);
    return this.sales.purchase(caller, event, organizerId, { email: request.email!, tier: request.tier ?? 'general', quantity: request.quantity ?? 1 });
  }
}
