import { describe, expect, it } from '@jest/globals';
import type { LiveSample } from '@platform/contracts';
import { liveReading } from './live-reading.js';

const sample = (cpuPercent: number, memoryPercent: number): LiveSample => ({ agentId: 'a', cpuPercent, memoryPercent, uptimeMs: 1000 });

describe('liveReading', () => {
  it('averages the runtimes read now', () => {
    expect(liveReading([sample(10, 20), sample(30, 40)])).toEqual({ cpu: 20, memory: 30 });
  });

  it('holds cpu to 0-100 (extended-services 4.8: percentages), as the hourly samples are', () => {
    expect(liveReading([sample(250, 50)])).toEqual({ cpu: 100, memory: 50 });
    expect(liveReading([sample(-5, 50)])).toEqual({ cpu: 0, memory: 50 });
  });

  it('is null when no runtime answered', () => {
    expect(liveReading([])).toBeNull();
  });
});
