import { Injectable } from '@nestjs/common';
import os from 'node:os';

interface CpuSample {
  idle: number;
  total: number;
}

export interface HostMetricsReading {
  cpu: { usage: number; cores: number };
  memory: { usage: number; total: number; used: number; free: number };
  uptime: number;
}

function sampleCpu(): CpuSample {
  return os.cpus().reduce(
    (sum, cpu) => {
      const times = cpu.times;
      return { idle: sum.idle + times.idle, total: sum.total + times.user + times.nice + times.sys + times.idle + times.irq };
    },
    { idle: 0, total: 0 },
  );
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A reading is reused this long: reading the OS counters dominated the route's cost under load. */
const READING_TTL_MS = 1000;

/** CPU use between two readings (the first against boot), memory as the OS reports it. */
@Injectable()
export class HostMetrics {
  private previous: CpuSample = { idle: 0, total: 0 };
  private cpuUsage = 0;
  private last?: { reading: HostMetricsReading; at: number };

  read(now = Date.now()): HostMetricsReading {
    if (this.last && now - this.last.at < READING_TTL_MS) return this.last.reading;
    const reading = this.measure();
    this.last = { reading, at: now };
    return reading;
  }

  private measure(): HostMetricsReading {
    const current = sampleCpu();
    const total = current.total - this.previous.total;
    const idle = current.idle - this.previous.idle;
    // Two reads within one clock tick (concurrent health checks) see no change: the last figure still holds.
    if (total > 0) {
      this.cpuUsage = round1(100 * (1 - idle / total));
      this.previous = current;
    }
    const memoryTotal = os.totalmem();
    const free = os.freemem();
    const used = memoryTotal - free;
    return {
      cpu: { usage: this.cpuUsage, cores: os.cpus().length },
      memory: { usage: round1((100 * used) / memoryTotal), total: memoryTotal, used, free },
      uptime: Math.round(os.uptime()),
    };
  }
}
