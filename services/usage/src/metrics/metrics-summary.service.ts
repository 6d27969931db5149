import { Injectable } from '@nestjs/common';
import type { MetricsSummary } from '@platform/contracts';
import { Clock } from '../clock.js';
import { changeString, percentString, usdcString } from './metric-format.js';
import { calendarWindows, FAN_ACTIVITY_WINDOW_MS } from './metric-windows.js';
import { MetricsPeersClient } from './metrics-peers.client.js';

/**
 * Nothing on the platform records streams yet (no streaming service keeps listeners or plays):
 * the summary says zero rather than inventing figures (docs/metrics.md).
 */
const NO_STREAMS: MetricsSummary['streams'] = { monthlyListeners: 0, monthlyStreams: 0, growth: '0.00' };

/**
 * GET /api/metrics/:userId/summary, each part from the service that owns it (docs/metrics.md):
 * revenue from the wallet's completed royalty splits and the skills' ticket sales, bookings and fans from the bus's negotiations
 * and subscriptions of the user's agents, skills from the agents' installs. Changes and growth compare
 * this UTC month with the last.
 */
@Injectable()
export class MetricsSummaryService {
  constructor(private readonly peers: MetricsPeersClient, private readonly clock: Clock) {}

  async summary(userId: string): Promise<MetricsSummary> {
    const now = this.clock.now();
    const months = calendarWindows(now);
    const [owned, revenue] = await Promise.all([this.peers.agents({ userId }, months), this.peers.revenue(userId, months)]);
    const { bookings, fans } = await this.peers.bus(owned.agentIds, { ...months, activeSince: new Date(now.getTime() - FAN_ACTIVITY_WINDOW_MS) });
    return {
      revenue: {
        month: usdcString(revenue.month),
        total: usdcString(revenue.total),
        change: changeString(Number(revenue.month), Number(revenue.previousMonth)),
      },
      bookings: { completed: bookings.completed, pending: bookings.pending, conversion: percentString(bookings.completed, bookings.total) },
      fans: {
        total: fans.total,
        active: fans.active,
        growth: changeString(fans.thisMonth, fans.lastMonth),
        segmentation: { superfans: fans.superfans, casual: fans.total - fans.superfans - fans.new, new: fans.new },
      },
      streams: NO_STREAMS,
      skills: {
        active: owned.skills.active,
        total: owned.skills.total,
        growth: changeString(owned.skills.installedThisMonth, owned.skills.installedLastMonth),
      },
    };
  }
}
