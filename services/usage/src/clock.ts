import { Injectable } from '@nestjs/common';

/** The time, behind a class so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Whole seconds this process has been up: GET /api/metrics's platformUptime (docs/metrics.md). */
  uptimeSeconds(): number {
    return Math.floor(process.uptime());
  }
}
