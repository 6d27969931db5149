import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { microsToUsd, type UsageEventJob } from '@platform/contracts';
import { Db } from '@platform/database';
import { dailyRollup, pricedEvents, type DailyUsage, type PricedEvent } from './daily-rollup.js';
import { UsageLogEntity } from './usage-log.entity.js';

const ADD_TO_ROLLUP = `
  INSERT INTO usage.usage_daily AS d (user_id, day, agent_id, model, provider, input_tokens, output_tokens, cost_micros, calls)
  SELECT * FROM unnest($1::varchar[], $2::date[], $3::varchar[], $4::varchar[], $5::varchar[], $6::bigint[], $7::bigint[], $8::bigint[], $9::integer[])
  ON CONFLICT (user_id, day, agent_id, model, provider) DO UPDATE SET
    input_tokens = d.input_tokens + EXCLUDED.input_tokens,
    output_tokens = d.output_tokens + EXCLUDED.output_tokens,
    cost_micros = d.cost_micros + EXCLUDED.cost_micros,
    calls = d.calls + EXCLUDED.calls`;

/** Writes usage events: the log rows and their daily rollups in one transaction. */
@Injectable()
export class UsageLogService {
  private readonly logger = new Logger('UsageLogger');

  constructor(private readonly db: Db) {}

  /**
   * Idempotent by event id: an event already written (a redelivered job) inserts nothing and adds
   * nothing to the rollups, because the rollups are built from the rows this insert returned.
   */
  async write(events: UsageEventJob[]): Promise<void> {
    // A failed write throws: its jobs are retried with backoff, and only one out of retries is logged as lost (UsageWorker).
    const written = await this.db.asSystem(async (manager) => {
      const priced = pricedEvents(events);
      const inserted = await this.insertNew(manager, priced);
      await this.addToRollups(manager, dailyRollup(inserted));
      return inserted;
    });
    for (const event of written) {
      this.logger.log(`[UsageLogger] Logging: ${event.agentId} | ${event.model} | ${event.inputTokens}+${event.outputTokens} tokens | $${microsToUsd(event.costMicros)}`);
    }
  }

  private async insertNew(manager: EntityManager, events: PricedEvent[]): Promise<PricedEvent[]> {
    const result = await manager.createQueryBuilder().insert().into(UsageLogEntity)
      .values(events.map((event) => ({
        eventId: event.eventId,
        userId: event.userId,
        agentId: event.agentId,
        model: event.model,
        provider: event.provider,
        inputTokens: event.inputTokens,
        outputTokens: event.outputTokens,
        costUsd: microsToUsd(event.costMicros),
        endpoint: event.endpoint,
        billedTo: event.billedTo ?? 'platform',
        apiKeyId: event.apiKeyId ?? null,
        durationMs: event.durationMs ?? null,
        outcome: event.outcome ?? 'ok',
        createdAt: new Date(event.occurredAt),
      })))
      .orIgnore()
      .returning('event_id')
      .execute();
    const insertedIds = new Set((result.raw as { event_id: string }[]).map((row) => row.event_id));
    return events.filter((event) => insertedIds.has(event.eventId));
  }

  private async addToRollups(manager: EntityManager, rows: DailyUsage[]): Promise<void> {
    if (!rows.length) return;
    const column = <K extends keyof DailyUsage>(key: K) => rows.map((row) => row[key]);
    await manager.query(ADD_TO_ROLLUP, [
      column('userId'), column('day'), column('agentId'), column('model'), column('provider'),
      column('inputTokens'), column('outputTokens'), column('costMicros'), column('calls'),
    ]);
  }
}
