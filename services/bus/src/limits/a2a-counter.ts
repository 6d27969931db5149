import { Injectable, Logger } from '@nestjs/common';
import { a2aLimitReached, ApiError } from '@platform/contracts';
import { Db } from '@platform/database';

/**
 * Counts a user's A2A messages per UTC day. A send takes one before its accepting transaction, in
 * one statement of its own: the day's row lock is held while Postgres runs that statement only.
 * Taken inside the transaction it was held to the commit, across every round trip of the send
 * (Redis's too), so one user's concurrent sends queued on it one by one, each holding a pooled
 * connection: on a busy bus a burst of them ran past the pool's wait (503) and the gateway's
 * timeout (502), and other users' sends waited for connections behind them. The conditional upsert
 * still accepts exactly `limit` under concurrency; a send refused after taking one gives it back.
 */
@Injectable()
export class A2aCounter {
  private readonly logger = new Logger(A2aCounter.name);

  constructor(private readonly db: Db) {}

  /** One of the day's messages, or 429; returns the day it was counted on, for giveBack. */
  async take(userId: string, limit: number): Promise<string> {
    const [taken] = limit > 0 ? await this.db.writeAs<{ day: string }>(userId,
      `INSERT INTO bus.a2a_daily_counts AS counts (user_id, day, count) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
       ON CONFLICT (user_id, day) DO UPDATE SET count = counts.count + 1 WHERE counts.count < $2
       RETURNING day::text AS day`,
      [userId, limit]) : [];
    if (!taken) throw new ApiError(429, a2aLimitReached(limit));
    return taken.day;
  }

  /**
   * For a send refused after it took one: the day it was taken on, even past midnight. Failing
   * here must not hide why the send was refused, so it is logged: the user has one message fewer
   * that day.
   */
  async giveBack(userId: string, day: string): Promise<void> {
    await this.db.writeAs(userId, 'UPDATE bus.a2a_daily_counts SET count = count - 1 WHERE user_id = $1 AND day = $2 AND count > 0', [userId, day])
      .catch((error: unknown) => this.logger.warn({ userId, day, err: String(error), msg: 'A2A message not given back' }));
  }
}
