import { Injectable } from '@nestjs/common';
import type { BusMetricsQuery, BusMetricsReply } from '@platform/contracts';
import { Db } from '@platform/database';

type Raw = Record<string, string>;

const BOOKINGS = `
  SELECT count(*) FILTER (WHERE state = 'accepted') AS completed,
    count(*) FILTER (WHERE state IN ('requested', 'offered', 'countered')) AS pending,
    count(*) AS total
  FROM bus.negotiations WHERE requester_agent_id = ANY($1) OR provider_agent_id = ANY($1)`;

/**
 * A fan is an agent subscribed to one of the given agents, counted once however many it follows,
 * from its first subscription. Active: it messaged one of them since $2. New: it first subscribed
 * since $2. Superfans are the active fans that are not new (docs/metrics.md).
 */
const FANS = `
  WITH fans AS (
    SELECT subscriber_agent_id AS fan, min(created_at) AS since FROM bus.subscriptions
    WHERE publisher_agent_id = ANY($1) GROUP BY subscriber_agent_id
  ), engaged AS (
    SELECT DISTINCT from_agent_id AS fan FROM bus.messages
    WHERE to_agent_id = ANY($1) AND accepted_at >= $2 AND from_agent_id IN (SELECT fan FROM fans)
  )
  SELECT count(*) AS total,
    count(*) FILTER (WHERE engaged.fan IS NOT NULL) AS active,
    count(*) FILTER (WHERE since >= $2) AS new,
    count(*) FILTER (WHERE engaged.fan IS NOT NULL AND since < $2) AS superfans,
    count(*) FILTER (WHERE since >= $3) AS this_month,
    count(*) FILTER (WHERE since >= $4 AND since < $3) AS last_month
  FROM fans LEFT JOIN engaged USING (fan)`;

/**
 * Bookings and fans of a user's agents for the metrics summary, counted by the database. Negotiations
 * and subscriptions span two owners, so they are read as the system: only counts leave.
 */
@Injectable()
export class BusMetricsService {
  constructor(private readonly db: Db) {}

  async metrics(query: BusMetricsQuery): Promise<BusMetricsReply> {
    const [[bookings], [fans]] = await this.db.asSystem(async (manager) => [
      await manager.query(BOOKINGS, [query.agentIds]) as Raw[],
      await manager.query(FANS, [query.agentIds, query.activeSince, query.monthStart, query.previousMonthStart]) as Raw[],
    ] as const);
    return {
      bookings: { completed: Number(bookings!.completed), pending: Number(bookings!.pending), total: Number(bookings!.total) },
      fans: {
        total: Number(fans!.total),
        active: Number(fans!.active),
        new: Number(fans!.new),
        superfans: Number(fans!.superfans),
        thisMonth: Number(fans!.this_month),
        lastMonth: Number(fans!.last_month),
      },
    };
  }
}
