import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiError, forbidden, HistoricalMetricsQuery, METRICS_MESSAGES as M, MetricsUserParams, ok, requireUser, SUBJECTS, validateAs, type Envelope,
} from '@platform/contracts';
import { Clock } from '../clock.js';
import { EVERYONE } from '../queries/usage-queries.service.js';
import { HistoricalMetricsService } from './historical-metrics.service.js';
import { MetricsSummaryService } from './metrics-summary.service.js';
import { PerformanceMetricsService } from './performance-metrics.service.js';
import { PlatformMetricsService } from './platform-metrics.service.js';

/**
 * Extended-services 4.8. GET /api/metrics: the caller's own figures, the platform's for the internal
 * key. The backend's per-user routes are the internal key's only. Whatever fails while the figures
 * are gathered (a service that does not answer, the database) is the spec's 500, logged with its cause.
 */
@Controller()
export class MetricsHandlers {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly platform: PlatformMetricsService,
    private readonly historicalMetrics: HistoricalMetricsService,
    private readonly performanceMetrics: PerformanceMetricsService,
    private readonly summaries: MetricsSummaryService,
    private readonly clock: Clock,
  ) {}

  @MessagePattern(SUBJECTS.usage.metrics)
  async metrics(@Payload() envelope: Envelope) {
    const caller = requireUser(envelope);
    const scope = caller.via === 'internal' ? EVERYONE : { userId: caller.userId };
    const metrics = await this.gathered(() => this.platform.metrics(scope), { metrics: {} });
    return ok({ metrics, timestamp: this.clock.now().toISOString(), status: 'ok' });
  }

  @MessagePattern(SUBJECTS.usage.metricsHistorical)
  async historical(@Payload() envelope: Envelope) {
    const userId = backendUser(envelope);
    const { range } = validateAs(HistoricalMetricsQuery, envelope.query);
    return ok(await this.gathered(() => this.historicalMetrics.historical(userId, range)));
  }

  @MessagePattern(SUBJECTS.usage.metricsPerformance)
  async performance(@Payload() envelope: Envelope) {
    const userId = backendUser(envelope);
    return ok(await this.gathered(() => this.performanceMetrics.performance(userId)));
  }

  @MessagePattern(SUBJECTS.usage.metricsSummary)
  async summary(@Payload() envelope: Envelope) {
    const userId = backendUser(envelope);
    return ok(await this.gathered(() => this.summaries.summary(userId)));
  }

  private async gathered<T>(work: () => Promise<T>, extra: Record<string, unknown> = {}): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error({ msg: M.failed, cause: error instanceof Error ? error.message : String(error) });
      throw new ApiError(500, M.failed, extra);
    }
  }
}

/** The per-user routes are the platform's view of any user: the internal key only. */
function backendUser(envelope: Envelope): string {
  if (requireUser(envelope).via !== 'internal') throw forbidden();
  return validateAs(MetricsUserParams, envelope.params).userId;
}
