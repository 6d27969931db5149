import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { HourlyMetricsQuery, LatestMetricsQuery, SUBJECTS, validateAs, type HourlyMetricsReply, type LatestMetricsReply } from '@platform/contracts';
import { ContainerMetricsQueries } from './container-metrics.queries.js';

/** Queries of the usage service's metrics (docs/metrics.md); the watchdog owns container_metrics. */
@Controller()
export class ContainerMetricsHandlers {
  constructor(private readonly queries: ContainerMetricsQueries) {}

  @MessagePattern(SUBJECTS.watchdog.hourlyMetrics)
  hourly(@Payload() data: unknown): Promise<HourlyMetricsReply> {
    return this.queries.hourly(validateAs(HourlyMetricsQuery, data));
  }

  @MessagePattern(SUBJECTS.watchdog.latestMetrics)
  latest(@Payload() data: unknown): Promise<LatestMetricsReply> {
    return this.queries.latest(validateAs(LatestMetricsQuery, data));
  }
}
