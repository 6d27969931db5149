import { Injectable, Logger } from '@nestjs/common';
import { ApiError, UnavailableError, USAGE_MESSAGES as M, type CostDashboard, type CostPeriod } from '@platform/contracts';
import { Clock } from '../clock.js';
import type { DayRange } from '../queries/day-range.js';
import { UsageQueriesService } from '../queries/usage-queries.service.js';
import { AgentNamesClient } from './agent-names.client.js';
import type { UsageRow } from '../usage-logs/daily-rollup.js';
import { costDashboard } from './cost-dashboard.js';
import { periodWindow } from './period-window.js';
import { sampleDashboard } from './sample-usage.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * GET /api/dashboard/cost. The `[Cost API]` lines are the spec's, word for word; "Prisma error"
 * names the failed database read although the store is TypeORM (docs/spec-decisions.md). A
 * database that cannot be reached is no failed read: it is 503, never sample figures passed off
 * as the user's.
 */
@Injectable()
export class CostDashboardService {
  private readonly logger = new Logger('CostApi');

  constructor(
    private readonly queries: UsageQueriesService,
    private readonly agentNames: AgentNamesClient,
    private readonly clock: Clock,
  ) {}

  async forUser(userId: string, period: CostPeriod): Promise<CostDashboard> {
    const window = periodWindow(period, this.clock.now());
    const read = await this.read(userId, window);
    if (!read) return sampleDashboard(period, window);
    try {
      this.logger.log(`[Cost API] Found ${read.rows.reduce((sum, row) => sum + row.calls, 0)} usage logs`);
      // Sample data is for someone who has never used anything; a quiet period shows real zeros.
      if (read.newcomer) return sampleDashboard(period, window);
      const names = await this.agentNames.lookup(userId, [...new Set(read.rows.map((row) => row.agentId))]);
      return costDashboard(period, window, read.rows, names);
    } catch (error) {
      this.logger.error(`[Cost API] Error: ${messageOf(error)}`);
      throw new ApiError(500, M.costDashboardFailed);
    }
  }

  /** The period's rollups, or null when the read failed ("Prisma error": the spec's sample data); an outage is thrown. */
  private async read(userId: string, window: DayRange): Promise<{ rows: UsageRow[]; newcomer: boolean } | null> {
    try {
      const rows = await this.queries.dailyRows({ userId }, window);
      return { rows, newcomer: !rows.length && !(await this.queries.hasUsage(userId)) };
    } catch (error) {
      if (error instanceof UnavailableError) throw error;
      this.logger.error(`[Cost API] Prisma error: ${messageOf(error)}`);
      return null;
    }
  }
}
