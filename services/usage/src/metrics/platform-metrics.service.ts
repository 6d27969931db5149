import { Inject, Injectable } from '@nestjs/common';
import type { PlatformMetrics } from '@platform/contracts';
import { Clock } from '../clock.js';
import type { UsageScope } from '../queries/usage-queries.service.js';
import type { UsageEnv } from '../usage.env.js';
import { USAGE_ENV } from '../usage.tokens.js';
import { CallStatsService } from './call-stats.service.js';
import { megabytes, percentString, round2 } from './metric-format.js';
import { calendarWindows, LATEST_SAMPLE_WINDOW_MS, PERFORMANCE_WINDOW_MS } from './metric-windows.js';
import { MetricsPeersClient } from './metrics-peers.client.js';

const MB = 1024 * 1024;

/**
 * GET /api/metrics (extended-services 4.8) from what the platform records instead of the spec's
 * random samples (docs/metrics.md): agent and deployment counts from the agents service, messages,
 * response times and errors from usage_logs, agent uptime from the watchdog's latest samples,
 * storage from the workspaces on disk (and, platform-wide, the database).
 */
@Injectable()
export class PlatformMetricsService {
  constructor(
    private readonly calls: CallStatsService,
    private readonly peers: MetricsPeersClient,
    private readonly clock: Clock,
    @Inject(USAGE_ENV) private readonly env: UsageEnv,
  ) {}

  async metrics(scope: UsageScope): Promise<PlatformMetrics> {
    const now = this.clock.now();
    const windows = calendarWindows(now);
    const [owned, messages, performance, latest, databaseBytes] = await Promise.all([
      this.peers.agents(scope, windows),
      this.calls.messageCounts(scope, windows),
      this.calls.performance(scope, new Date(now.getTime() - PERFORMANCE_WINDOW_MS)),
      this.peers.latestContainers(scope, new Date(now.getTime() - LATEST_SAMPLE_WINDOW_MS)),
      // A user's rows are spread over every service's schema: their storage is their workspaces.
      'userId' in scope ? 0 : this.calls.databaseBytes(),
    ]);
    const usedBytes = owned.workspaceBytes + databaseBytes;
    const totalBytes = 'userId' in scope ? this.env.METRICS_USER_STORAGE_MB * MB : owned.volumeBytes ?? 0;
    return {
      agents: owned.agents,
      messages,
      deployments: owned.deployments,
      uptime: { platformUptime: this.clock.uptimeSeconds(), averageAgentUptime: Math.round(latest.uptimeMs / 1000) },
      performance: {
        averageResponseTime: performance.averageResponseMs,
        successRate: percentString(performance.calls - performance.errors, performance.calls, '100.00'),
        errorRate: percentString(performance.errors, performance.calls),
      },
      storage: {
        used: megabytes(usedBytes),
        total: megabytes(totalBytes),
        percentUsed: totalBytes > 0 ? round2((usedBytes * 100) / totalBytes) : 0,
      },
    };
  }
}
