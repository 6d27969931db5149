import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { QUEUES } from '@platform/contracts';
import type { QueueFactory, WorkOptions } from '@platform/queue';
import type { ToolUsageService } from '../tool-usage/tool-usage.service.js';
import type { UsageLogService } from '../usage-logs/usage-log.service.js';
import type { UsageEnv } from '../usage.env.js';
import { UsageWorker } from './usage.worker.js';

describe('UsageWorker', () => {
  afterEach(() => jest.restoreAllMocks());

  /** The options each queue's worker was started with. */
  function started() {
    const options = new Map<string, WorkOptions>();
    const queues = { work: (name: string, _process: unknown, given: WorkOptions) => options.set(name, given) } as unknown as QueueFactory;
    new UsageWorker(queues, {} as UsageLogService, {} as ToolUsageService, { ROLES: 'worker' } as UsageEnv).onApplicationBootstrap();
    return options;
  }

  it('logs "[UsageLogger] Failed to log usage" for a usage event BullMQ gives up on', () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    started().get(QUEUES.usageLog)!.onGivenUp!({} as Job, 'connection refused');
    expect(errors).toHaveBeenCalledWith('[UsageLogger] Failed to log usage: connection refused');
  });

  it('has nothing of its own to say about a tool call given up on (the queue logs it)', () => {
    expect(started().get(QUEUES.usageTools)!.onGivenUp).toBeUndefined();
  });
});
