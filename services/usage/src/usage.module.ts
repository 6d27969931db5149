import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { Clock } from './clock.js';
import { AgentNamesClient } from './dashboard/agent-names.client.js';
import { CostDashboardHandlers } from './dashboard/cost-dashboard.handlers.js';
import { CostDashboardService } from './dashboard/cost-dashboard.service.js';
import { usageDatabase } from './database.js';
import { CallStatsService } from './metrics/call-stats.service.js';
import { HistoricalMetricsService } from './metrics/historical-metrics.service.js';
import { MetricsHandlers } from './metrics/metrics.handlers.js';
import { MetricsPeersClient } from './metrics/metrics-peers.client.js';
import { MetricsSummaryService } from './metrics/metrics-summary.service.js';
import { PerformanceMetricsService } from './metrics/performance-metrics.service.js';
import { PlatformMetricsService } from './metrics/platform-metrics.service.js';
import { DailyCallsHandlers } from './queries/daily-calls.handlers.js';
import { KeySpendHandlers } from './queries/key-spend.handlers.js';
import { KeySpendService } from './queries/key-spend.service.js';
import { UsageQueriesHandlers } from './queries/usage-queries.handlers.js';
import { UsageQueriesService } from './queries/usage-queries.service.js';
import { ToolUsageService } from './tool-usage/tool-usage.service.js';
import { UsageLogService } from './usage-logs/usage-log.service.js';
import type { UsageEnv } from './usage.env.js';
import { USAGE_ENV } from './usage.tokens.js';
import { UsageWorker } from './workers/usage.worker.js';

export const USAGE_SERVICE = 'usage';

@Module({})
export class UsageModule {
  static forRoot(env: UsageEnv): DynamicModule {
    return {
      module: UsageModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, usageDatabase),
        MessagingModule.forService(USAGE_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [CostDashboardHandlers, UsageQueriesHandlers, DailyCallsHandlers, KeySpendHandlers, MetricsHandlers],
      providers: [
        { provide: USAGE_ENV, useValue: env },
        Clock,
        AgentNamesClient,
        UsageQueriesService,
        KeySpendService,
        CostDashboardService,
        UsageLogService,
        ToolUsageService,
        UsageWorker,
        CallStatsService,
        MetricsPeersClient,
        PlatformMetricsService,
        HistoricalMetricsService,
        PerformanceMetricsService,
        MetricsSummaryService,
      ],
    };
  }
}
