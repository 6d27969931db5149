import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { RevenueQuery, RevenueReply } from '@platform/contracts';
import { Db } from '@platform/database';

const NONE: RevenueReply = { month: '0', previousMonth: '0', total: '0' };

/**
 * What the tickets of a user's events sold for (they organize the event through their agent), summed
 * by the database in USDC's smallest units, in the month of each sale: the metrics summary's revenue
 * with the wallet's splits (docs/metrics.md).
 */
@Injectable()
export class TicketRevenue {
  constructor(private readonly db: Db) {}

  async revenue(query: RevenueQuery): Promise<RevenueReply> {
    // Organizers are platform users (uuid); any other id has sold nothing.
    if (!isUUID(query.userId)) return NONE;
    const [row] = await this.db.asSystem((manager) => manager.query(`
      SELECT coalesce(sum(total_price) FILTER (WHERE purchased_at >= $2), 0)::text AS month,
        coalesce(sum(total_price) FILTER (WHERE purchased_at >= $3 AND purchased_at < $2), 0)::text AS previous_month,
        coalesce(sum(total_price), 0)::text AS total
      FROM skills.tickets WHERE organizer_user_id = $1`, [query.userId, query.monthStart, query.previousMonthStart])) as Record<string, string>[];
    return { month: row!.month!, previousMonth: row!.previous_month!, total: row!.total! };
  }
}
