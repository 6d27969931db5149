import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Db } from '@platform/database';
import { usageEvent } from '@platform/testing';
import { UsageLogService } from './usage-log.service.js';

describe('UsageLogService.write', () => {
  it('fails without logging the spec\'s failure line when the write fails, so its jobs are retried', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const db = { asSystem: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const sut = new UsageLogService(db);

    await expect(sut.write([usageEvent()])).rejects.toThrow('connection refused');
    expect(errors).not.toHaveBeenCalled();
  });
});
