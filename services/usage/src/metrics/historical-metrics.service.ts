import { Injectable } from '@nestjs/common';
import type { HistoricalMetrics, MetricsRange } from '@platform/contracts';
import { Clock } from '../clock.js';
import { CallStatsService } from './call-stats.service.js';
import { historicalAverages, historicalPoints, type ContainerHour } from './historical-points.js';
import { liveReading } from './live-reading.js';
import { hourStart, rangeWindow } from './metric-windows.js';
import { MetricsPeersClient } from './metrics-peers.client.js';

/**
 * GET /api/metrics/:userId/historical: the watchdog's hourly container aggregates and the user's
 * calls per hour. With no container sample in the range, one live reading of the user's runtimes
 * (asked now, placed in the current hour) stands in, as the spec's fallback does.
 */
@Injectable()
export class HistoricalMetricsService {
  constructor(private readonly calls: CallStatsService, private readonly peers: MetricsPeersClient, private readonly clock: Clock) {}

  async historical(userId: string, range: MetricsRange): Promise<HistoricalMetrics> {
    const now = this.clock.now();
    const { from, to } = rangeWindow(range, now);
    const scope = { userId };
    const [sampled, calls] = await Promise.all([this.peers.hourlyContainers(scope, from, to), this.calls.hourly(scope, from, to)]);
    const containers: ContainerHour[] = sampled.hours.length ? sampled.hours : await this.liveHour(userId, now);
    const points = historicalPoints(containers, calls);
    return { userId, timeRange: range, metrics: points, averages: historicalAverages(containers, points) };
  }

  private async liveHour(userId: string, now: Date): Promise<ContainerHour[]> {
    const reading = liveReading((await this.peers.liveSamples(userId)).samples);
    return reading ? [{ hour: hourStart(now).toISOString(), ...reading }] : [];
  }
}
