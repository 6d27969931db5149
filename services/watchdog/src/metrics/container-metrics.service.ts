import { Injectable } from '@nestjs/common';
import type { RuntimeHealthBody } from '@platform/contracts';
import { Db } from '@platform/database';
import { ContainerMetricEntity } from './container-metric.entity.js';

@Injectable()
export class ContainerMetricsService {
  constructor(private readonly db: Db) {}

  async record(agentId: string, userId: string, sampledAt: Date, health: RuntimeHealthBody): Promise<void> {
    await this.db.asSystem((manager) => manager.insert(ContainerMetricEntity, {
      agentId,
      userId,
      sampledAt,
      cpuPercent: health.cpuPercent,
      memoryBytes: health.memoryBytes,
      memoryLimitBytes: health.memoryLimitBytes,
      uptimeMs: health.uptimeMs,
    }));
  }
}
