import { Injectable } from '@nestjs/common';
import { DAILY_UNITS, SUBJECTS, UnavailableError, type DailyUnitsUsage, type Plan } from '@platform/contracts';
import { RemoteError, RpcClient, ServiceUnavailableError } from '@platform/messaging';

/** The next midnight UTC, when the day's count starts again. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Daily units: one per AI call served for the user today (UTC), counted by the usage service from
 * what it recorded, so GET /api/billing and get-usage read the same counter.
 */
@Injectable()
export class DailyUnits {
  constructor(private readonly rpc: RpcClient) {}

  async of(userId: string, plan: Plan): Promise<DailyUnitsUsage> {
    const dailyUnits = DAILY_UNITS[plan];
    const used = await this.callsToday(userId);
    return { dailyUnits, used, remaining: Math.max(0, dailyUnits - used) };
  }

  private async callsToday(userId: string): Promise<number> {
    try {
      return (await this.rpc.request<{ calls: number }>(SUBJECTS.usage.dailyCalls, { userId })).calls;
    } catch (error) {
      if (error instanceof ServiceUnavailableError || error instanceof RemoteError) throw new UnavailableError();
      throw error;
    }
  }
}
