import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RevenueQuery, SUBJECTS, validateAs, type RevenueReply } from '@platform/contracts';
import { TicketRevenue } from './ticket-revenue.js';

/** The usage service's metrics summary asks what a user's events took in ticket sales (docs/metrics.md). */
@Controller()
export class TicketRevenueHandlers {
  constructor(private readonly revenue: TicketRevenue) {}

  @MessagePattern(SUBJECTS.skills.ticketRevenue)
  ticketRevenue(@Payload() data: unknown): Promise<RevenueReply> {
    return this.revenue.revenue(validateAs(RevenueQuery, data));
  }
}
