import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { RevenueQuery, RevenueReply } from '@platform/contracts';
import { Db } from '@platform/database';

const NONE: RevenueReply = { month: '0', previousMonth: '0', total: '0' };

/**
 * What a user's completed royalty splits distributed, summed by the database in USDC's smallest
 * units (the metrics summary's revenue, docs/metrics.md). A split counts in the month it completed:
 * its last change is its completion.
 */
@Injectable()
export class SplitRevenueService {
  constructor(private readonly db: Db) {}

  async revenue(query: RevenueQuery): Promise<RevenueReply> {
    // Splits are held for platform users (uuid); any other id has none.
    if (!isUUID(query.userId)) return NONE;
    const [row] = await this.db.withUser(query.userId, (manager) => manager.query(`
      SELECT coalesce(sum(total_amount) FILTER (WHERE updated_at >= $2), 0)::text AS month,
        coalesce(sum(total_amount) FILTER (WHERE updated_at >= $3 AND updated_at < $2), 0)::text AS previous_month,
        coalesce(sum(total_amount), 0)::text AS total
      FROM wallet.splits WHERE user_id = $1 AND status = 'completed'`, [query.userId, query.monthStart, query.previousMonthStart])) as Record<string, string>[];
    return { month: row!.month!, previousMonth: row!.previous_month!, total: row!.total! };
  }
}
