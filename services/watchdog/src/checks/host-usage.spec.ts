import { jest } from '@jest/globals';
import type { RuntimeHealthBody } from '@platform/contracts';
import type { AgentsClient } from '../agents/agents.client.js';
import type { Clock } from '../clock.js';
import { HostUsage } from './host-usage.js';

const AGENT = '6f1c1e36-6a3b-4b5e-9c55-0d2f7a1b2c3d';
const own: RuntimeHealthBody = { status: 'ok', agentId: AGENT, uptimeMs: 5000, cpuPercent: 3, memoryBytes: 140e6, memoryLimitBytes: 2 * 1024 ** 3 };
const engine = { cpuPercent: 1.5, memoryBytes: 85e6, memoryLimitBytes: 2 * 1024 ** 3 };

describe('HostUsage', () => {
  let now: number;
  let usage: jest.Mock<AgentsClient['usage']>;
  let sut: HostUsage;

  beforeEach(() => {
    now = 1_000_000;
    usage = jest.fn();
    sut = new HostUsage({ usage } as unknown as AgentsClient, { now: () => now } as Clock);
  });

  it('takes the host\'s CPU and memory over the runtime\'s own, keeping its uptime', async () => {
    usage.mockResolvedValue({ measured: true, usage: engine });

    expect(await sut.over(AGENT, own)).toEqual({ ...own, ...engine });
    expect(usage).toHaveBeenCalledWith(AGENT, 1000);
  });

  it('keeps the runtime\'s reading when the host measures but has none for it (not running)', async () => {
    usage.mockResolvedValue({ measured: true, usage: null });

    expect(await sut.over(AGENT, own)).toEqual(own);
    await sut.over(AGENT, own);
    expect(usage).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['the provider measures nothing', () => usage.mockResolvedValue({ measured: false, usage: null })],
    ['the agents service does not answer', () => usage.mockRejectedValue(new Error('503'))],
  ])('keeps the runtime\'s reading and asks nobody for a minute when %s', async (_when, arrange) => {
    arrange();
    expect(await sut.over(AGENT, own)).toEqual(own);

    now += 59_999;
    expect(await sut.over(AGENT, own)).toEqual(own);
    expect(usage).toHaveBeenCalledTimes(1);

    now += 1;
    await sut.over(AGENT, own);
    expect(usage).toHaveBeenCalledTimes(2);
  });
});
