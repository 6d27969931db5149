import type Docker from 'dockerode';
import type { RuntimeUsage } from './hosting.provider.js';

/**
 * A container's use as `docker stats` shows it, from the engine's cgroup figures: memory without the
 * inactive page cache, CPU as the rate of its used time since the previous reading (since its start for
 * the first), in shares of one core. Keeps the previous reading of each container it measured.
 */
export class ContainerUsageMeter {
  private readonly readings = new Map<string, { usedNs: number; atMs: number }>();

  constructor(private readonly api: Docker) {}

  async measure(containerId: string, startedAt: string): Promise<RuntimeUsage> {
    const stats = await this.api.getContainer(containerId).stats({ stream: false, 'one-shot': true } as { stream: false });
    const memory = stats.memory_stats;
    const inactive = Number((memory.stats as Record<string, number> | undefined)?.total_inactive_file ?? 0);
    const usedNs = stats.cpu_stats.cpu_usage.total_usage;
    const atMs = Date.parse(stats.read);
    const previous = this.readings.get(containerId) ?? { usedNs: 0, atMs: Date.parse(startedAt) };
    this.readings.set(containerId, { usedNs, atMs });
    const elapsedNs = (atMs - previous.atMs) * 1e6;
    return {
      cpuPercent: elapsedNs > 0 ? Math.round(((usedNs - previous.usedNs) / elapsedNs) * 1000) / 10 : 0,
      memoryBytes: Math.max(memory.usage - inactive, 0),
      memoryLimitBytes: memory.limit,
    };
  }

  /** A container that is gone: its last reading is no base for the next one's. */
  forget(containerId: string): void {
    this.readings.delete(containerId);
  }
}
