import { Injectable } from '@nestjs/common';
import { ApiError, SKILL_MESSAGES as M, type TicketTier, type UndergroundEventView } from '@platform/contracts';
import { Db } from '@platform/database';
import type { EntityManager } from 'typeorm';
import type { SkillCaller } from '../actions/skill.js';
import { FanList } from '../fans/fan-list.js';
import { usdcString, usdcUnits } from '../money/usdc.js';
import { TicketInventoryEntity } from './ticket-inventory.entity.js';
import { TIER_PRICE_MULTIPLIER } from './ticket-price.js';
import { TicketEntity } from './ticket.entity.js';

export interface TicketOrder {
  email: string;
  tier: TicketTier;
  quantity: number;
}

/**
 * Ticket sales of underground events. A sale takes its tickets with one conditional update of the
 * event's stock row (`sold + n <= total`): concurrent buyers queue on that row's lock and each sees
 * the stock the one before left, so the event is never oversold, and the table's CHECK says the same.
 * The sale runs as system work: it writes the buyer's ticket and the organizer's fan in one transaction.
 */
@Injectable()
export class TicketSales {
  constructor(private readonly db: Db, private readonly fans: FanList) {}

  async purchase(caller: SkillCaller, event: UndergroundEventView, organizerId: string | null, order: TicketOrder) {
    const unitPrice = usdcUnits(event.ticket_price_usdc) * TIER_PRICE_MULTIPLIER[order.tier];
    const totalPrice = unitPrice * BigInt(order.quantity);
    const email = order.email.trim().toLowerCase();
    return this.db.asSystem(async (manager) => {
      const remaining = await this.take(manager, event, order.quantity);
      const ticket = await manager.save(manager.create(TicketEntity, {
        eventId: event.id, userId: caller.userId, organizerUserId: organizerId, email, tier: order.tier, quantity: order.quantity, unitPrice, totalPrice,
      }));
      if (organizerId) await this.fans.recordPurchase(manager, organizerId, email, order.quantity, totalPrice);
      return {
        ticket: {
          id: ticket.id, eventId: event.id, eventName: event.name, venue: event.venue, eventDate: event.event_date, email, tier: ticket.tier,
          quantity: ticket.quantity, unitPriceUsdc: usdcString(unitPrice), totalUsdc: usdcString(totalPrice), purchasedAt: ticket.purchasedAt.toISOString(),
        },
        remaining,
      };
    });
  }

  async availability(event: UndergroundEventView) {
    const stock = await this.db.asSystem((manager) => manager.findOneBy(TicketInventoryEntity, { eventId: event.id }));
    const sold = stock?.sold ?? 0;
    return { eventId: event.id, eventName: event.name, totalTickets: event.total_tickets, sold, remaining: event.total_tickets - sold };
  }

  /** Takes `quantity` tickets of the event's stock (made at its first sale) and answers what is left; 409 with what is left when that is too few. */
  private async take(manager: EntityManager, event: UndergroundEventView, quantity: number): Promise<number> {
    await manager.createQueryBuilder().insert().into(TicketInventoryEntity)
      .values({ eventId: event.id, totalTickets: event.total_tickets, sold: 0 }).orIgnore().execute();
    const taken = await manager.createQueryBuilder().update(TicketInventoryEntity)
      .set({ sold: () => 'sold + :quantity' })
      .where('event_id = :eventId AND sold + :quantity <= total_tickets', { eventId: event.id, quantity })
      .returning('total_tickets - sold AS remaining').execute();
    if (taken.affected) return (taken.raw as Array<{ remaining: number }>)[0]!.remaining;
    const stock = await manager.findOneByOrFail(TicketInventoryEntity, { eventId: event.id });
    throw new ApiError(409, M.soldOut, { remaining: stock.totalTickets - stock.sold });
  }
}
