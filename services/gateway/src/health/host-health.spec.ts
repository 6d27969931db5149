import { healthOf } from './host-health.js';

describe('healthOf', () => {
  it.each([
    [10, 20, 'healthy'],
    [70, 70, 'healthy'],
    [70.1, 10, 'degraded'],
    [10, 85, 'degraded'],
    [85, 85, 'degraded'],
    [85.1, 10, 'unhealthy'],
    [10, 99, 'unhealthy'],
  ])('cpu %d%%, memory %d%% -> %s', (cpu, memory, expected) => {
    expect(healthOf(cpu, memory)).toBe(expected);
  });
});
