import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiError, UnavailableError, USAGE_MESSAGES } from '@platform/contracts';
import { Clock } from '../clock.js';
import type { UsageQueriesService } from '../queries/usage-queries.service.js';
import type { AgentNamesClient } from './agent-names.client.js';
import { CostDashboardService } from './cost-dashboard.service.js';

describe('CostDashboardService', () => {
  const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  // Read without error but impossible to add up: a bigint the row mapping failed to convert.
  const queries = {
    dailyRows: async () => [{ day: '2026-05-02', agentId: 'a', model: 'm', provider: 'p', inputTokens: 1, outputTokens: 1, costMicros: 1n, calls: 1 }],
  } as unknown as UsageQueriesService;
  const agentNames = { lookup: async () => ({}) } as unknown as AgentNamesClient;

  it('answers 500 and logs "[Cost API] Error" when building the dashboard fails after the database read', async () => {
    const sut = new CostDashboardService(queries, agentNames, new Clock());

    const failure = await sut.forUser('u', '7d').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 500, message: USAGE_MESSAGES.costDashboardFailed });
    expect(errors).toHaveBeenCalledWith('[Cost API] Error: Cannot mix BigInt and other types, use explicit conversions');
    expect(errors).not.toHaveBeenCalledWith(expect.stringContaining('Prisma error'));
  });

  // Decision 82: an outage is no "Prisma error", so no sample figures passed off as the user's.
  it('answers 503 when the database cannot be reached, not sample data', async () => {
    const down = { dailyRows: () => Promise.reject(new UnavailableError()) } as unknown as UsageQueriesService;
    const sut = new CostDashboardService(down, agentNames, new Clock());

    await expect(sut.forUser('u', '7d')).rejects.toBeInstanceOf(UnavailableError);
    expect(errors).not.toHaveBeenCalledWith(expect.stringContaining('Prisma error'));
  });
});
