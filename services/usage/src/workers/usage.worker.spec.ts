import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { QueueFactory } from '@platform/queue';
import type { ToolUsageService } from '../tool-usage/tool-usage.service.js';
import type { UsageLogService } from '../usage-logs/usage-log.service.js';
import type { UsageEnv } from '../usage.env.js';
import { UsageWorker } from './usage.worker.js';

const jobAfter = (attemptsMade: number) => ({ id: 'j1', attemptsMade, opts: { attempts: 13 } }) as unknown as Job;

describe('UsageWorker.onFailed', () => {
  const sut = new UsageWorker({} as QueueFactory, {} as UsageLogService, {} as ToolUsageService, {} as UsageEnv);

  afterEach(() => jest.restoreAllMocks());

  it('logs "[UsageLogger] Failed to log usage" for a job out of retries', () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    sut.onFailed(jobAfter(13), new Error('connection refused'));
    expect(errors).toHaveBeenCalledWith('[UsageLogger] Failed to log usage: connection refused');
  });

  it('logs nothing of its own for a job that will be retried', () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    sut.onFailed(jobAfter(3), new Error('connection refused'));
    expect(errors).not.toHaveBeenCalled();
  });
});
