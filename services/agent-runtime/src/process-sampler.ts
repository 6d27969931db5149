/** The process's own CPU share since the previous reading, and its memory, for GET /health. */
export class ProcessSampler {
  private lastCpu = process.cpuUsage();
  private lastAt = performance.now();

  cpuPercent(): number {
    const now = performance.now();
    const used = process.cpuUsage(this.lastCpu);
    const elapsedMicros = (now - this.lastAt) * 1000;
    this.lastCpu = process.cpuUsage();
    this.lastAt = now;
    if (elapsedMicros <= 0) return 0;
    return Math.round(((used.user + used.system) / elapsedMicros) * 1000) / 10;
  }

  memoryBytes(): number {
    return process.memoryUsage.rss();
  }
}
