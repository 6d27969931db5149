import { Injectable } from '@nestjs/common';
import type { ToolUsageJob } from '@platform/contracts';
import { Db } from '@platform/database';
import { ToolUsageEntity } from './tool-usage.entity.js';

@Injectable()
export class ToolUsageService {
  constructor(private readonly db: Db) {}

  /** Idempotent by event id: a redelivered job writes no second row. */
  async write(calls: ToolUsageJob[]): Promise<void> {
    await this.db.asSystem((manager) => manager.createQueryBuilder().insert().into(ToolUsageEntity)
      .values(calls.map((call) => ({
        eventId: call.eventId,
        userId: call.userId,
        agentId: call.agentId,
        toolName: call.toolName,
        success: call.success,
        durationMs: call.durationMs,
        createdAt: new Date(call.occurredAt),
      })))
      .orIgnore()
      .execute());
  }
}
