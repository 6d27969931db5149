import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiError, forbidden, HistoricalMetricsQuery, METRICS_MESSAGES as M, MetricsUserParams, ok, requireUser, SUBJECTS, validateAs, type Envelope,
} from '@platform/contracts';
import { Clock } from '../clock.js';
import { EVERYONE } from '../queries/usage-queries.service.js';
import type { UsageEnv } from '../usage.env.js';
import { USAGE_ENV } from '../usage.tokens.js';
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
    @Inject(USAGE_ENV) private readonly env: UsageEnv,
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

  /**
   * One deadline for the whole answer, however many services it asks in turn (the summary asks the
   * agents, then the bus): past METRICS_QUERY_TIMEOUT_MS it is the spec's 500, before the edge's 502.
   */
  private async gathered<T>(work: () => Promise<T>, extra: Record<string, unknown> = {}): Promise<T> {
    const timeoutMs = this.env.METRICS_QUERY_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the figures were not gathered within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work(), late]);
    } catch (error) {
      this.logger.error({ msg: M.failed, cause: error instanceof Error ? error.message : String(error) });
      throw new ApiError(500, M.failed, extra);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The per-user routes are the platform's view of any user: the internal key only. */
function backendUser(envelope: Envelope): string {
  if (requireUser(envelope).via !== 'internal') throw forbidden();
  return validateAs(MetricsUserParams, envelope.params).userId;
}
