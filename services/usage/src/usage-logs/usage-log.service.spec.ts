import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Db } from '@platform/database';
import { usageEvent } from '@platform/testing';
import { UsageLogService } from './usage-log.service.js';

describe('UsageLogService.write', () => {
  it('logs "[UsageLogger] Failed to log usage" and fails, so the jobs are retried, when the write fails', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const db = { asSystem: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const sut = new UsageLogService(db);

    await expect(sut.write([usageEvent()])).rejects.toThrow('connection refused');
    expect(errors).toHaveBeenCalledWith('[UsageLogger] Failed to log usage: connection refused');
  });
});
