import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiError, USAGE_MESSAGES } from '@platform/contracts';
import { Clock } from '../clock.js';
import type { UsageQueriesService } from '../queries/usage-queries.service.js';
import type { AgentNamesClient } from './agent-names.client.js';
import { CostDashboardService } from './cost-dashboard.service.js';

describe('CostDashboardService', () => {
  const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  const queries = {
    dailyRows: async () => [{ day: '2026-05-02', agentId: 'a', model: 'm', provider: 'p', inputTokens: 1, outputTokens: 1, costMicros: 1, calls: 1 }],
  } as unknown as UsageQueriesService;

  it('answers 500 and logs "[Cost API] Error" when something other than the database read fails', async () => {
    const agentNames = { lookup: () => Promise.reject(new Error('Remote error on names: boom')) } as unknown as AgentNamesClient;
    const sut = new CostDashboardService(queries, agentNames, new Clock());

    const failure = await sut.forUser('u', '7d').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 500, message: USAGE_MESSAGES.costDashboardFailed });
    expect(errors).toHaveBeenCalledWith('[Cost API] Error: Remote error on names: boom');
  });
});
