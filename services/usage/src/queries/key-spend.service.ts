import { Injectable } from '@nestjs/common';
import { Db } from '@platform/database';

/**
 * What a user's keys cost the platform since `since`: the cost the worker priced each row at, for
 * calls on the platform's provider keys (a call on the user's own provider key is not the
 * platform's spend, and is not held to a key's cap either).
 */
@Injectable()
export class KeySpendService {
  constructor(private readonly db: Db) {}

  async spentMicros(userId: string, keyIds: string[], since: Date): Promise<Record<string, number>> {
    const rows = await this.db.withUser(userId, (manager) => manager.query(
      `SELECT api_key_id, sum(cost_usd * 1000000)::bigint AS micros FROM usage.usage_logs
       WHERE user_id = $1 AND api_key_id = ANY($2::uuid[]) AND created_at >= $3 AND billed_to = 'platform'
       GROUP BY api_key_id`,
      [userId, keyIds, since],
    )) as Array<{ api_key_id: string; micros: string }>;
    return Object.fromEntries(keyIds.map((id) => [id, Number(rows.find((row) => row.api_key_id === id)?.micros ?? 0)]));
  }
}
