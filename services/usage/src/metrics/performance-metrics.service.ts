import { Injectable } from '@nestjs/common';
import type { PerformanceMetrics } from '@platform/contracts';
import { Clock } from '../clock.js';
import { CallStatsService } from './call-stats.service.js';
import { liveReading } from './live-reading.js';
import { percentString } from './metric-format.js';
import { LATEST_SAMPLE_WINDOW_MS, PERFORMANCE_WINDOW_MS } from './metric-windows.js';
import { MetricsPeersClient } from './metrics-peers.client.js';

/**
 * GET /api/metrics/:userId/performance: cpu and memory of the user's runtimes (each one's newest
 * sample of the last minutes, else a live reading), the error rate and the response time of the
 * user's calls over the last day. The spec's responseTime is always 0; ours is measured (docs/metrics.md).
 */
@Injectable()
export class PerformanceMetricsService {
  constructor(private readonly calls: CallStatsService, private readonly peers: MetricsPeersClient, private readonly clock: Clock) {}

  async performance(userId: string): Promise<PerformanceMetrics> {
    const now = this.clock.now();
    const scope = { userId };
    const [latest, calls] = await Promise.all([
      this.peers.latestContainers(scope, new Date(now.getTime() - LATEST_SAMPLE_WINDOW_MS)),
      this.calls.performance(scope, new Date(now.getTime() - PERFORMANCE_WINDOW_MS)),
    ]);
    const readings = latest.agents > 0 ? latest : await this.liveReading(userId);
    return { cpu: readings.cpu, memory: readings.memory, errorRate: percentString(calls.errors, calls.calls), responseTime: calls.averageResponseMs };
  }

  private async liveReading(userId: string): Promise<{ cpu: number; memory: number }> {
    return liveReading((await this.peers.liveSamples(userId)).samples) ?? { cpu: 0, memory: 0 };
  }
}
