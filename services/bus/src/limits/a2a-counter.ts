import { Injectable } from '@nestjs/common';
import { a2aLimitReached, ApiError } from '@platform/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Counts a user's A2A messages per UTC day inside the transaction that accepts one: the upsert
 * takes the day's row lock and raises the count only while it is under the limit, so concurrent
 * sends accept exactly `limit`, and a send refused later in its transaction gives its count back.
 */
@Injectable()
export class A2aCounter {
  async take(manager: EntityManager, userId: string, limit: number): Promise<void> {
    const counted = limit > 0 && (await manager.query(
      `INSERT INTO bus.a2a_daily_counts AS counts (user_id, day, count) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
       ON CONFLICT (user_id, day) DO UPDATE SET count = counts.count + 1 WHERE counts.count < $2
       RETURNING count`,
      [userId, limit],
    ) as unknown[]).length > 0;
    if (!counted) throw new ApiError(429, a2aLimitReached(limit));
  }
}
