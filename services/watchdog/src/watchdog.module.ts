import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule, RedisModule } from '@platform/queue';
import { AgentsClient } from './agents/agents.client.js';
import { AgentChecks } from './checks/agent-checks.service.js';
import { CheckStateStore } from './checks/check-state.store.js';
import { CheckWorker } from './checks/check.worker.js';
import { HostUsage } from './checks/host-usage.js';
import { RuntimeProbe } from './checks/runtime-probe.js';
import { Clock } from './clock.js';
import { watchdogDatabase } from './database.js';
import { ContainerMetricsHandlers } from './metrics/container-metrics.handlers.js';
import { ContainerMetricsQueries } from './metrics/container-metrics.queries.js';
import { ContainerMetricsService } from './metrics/container-metrics.service.js';
import { CheckSchedules } from './schedules/check-schedules.js';
import { StatusChangedConsumer } from './schedules/status-changed.consumer.js';
import { WatchList } from './schedules/watch-list.service.js';
import type { WatchdogEnv } from './watchdog.env.js';
import { WATCHDOG_ENV } from './watchdog.tokens.js';

export const WATCHDOG_SERVICE = 'watchdog';

/**
 * The worker role runs the checks and follows agent status events; the api role answers the
 * metrics' queries of container_metrics (docs/metrics.md).
 */
@Module({})
export class WatchdogModule {
  static forRoot(env: WatchdogEnv): DynamicModule {
    return {
      module: WatchdogModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, watchdogDatabase),
        MessagingModule.forService(WATCHDOG_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
        RedisModule.forRoot(env.REDIS_URL),
      ],
      controllers: [ContainerMetricsHandlers],
      providers: [
        { provide: WATCHDOG_ENV, useValue: env },
        Clock,
        RuntimeProbe,
        CheckStateStore,
        CheckSchedules,
        AgentsClient,
        ContainerMetricsService,
        ContainerMetricsQueries,
        HostUsage,
        AgentChecks,
        CheckWorker,
        WatchList,
        StatusChangedConsumer,
      ],
    };
  }
}
