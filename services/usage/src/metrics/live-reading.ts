import type { LiveSample } from '@platform/contracts';
import { mean } from './metric-format.js';

/** The user's runtimes read now, averaged: cpu held to 0-100 as the samples are; null when none answered. */
export function liveReading(samples: LiveSample[]): { cpu: number; memory: number } | null {
  if (!samples.length) return null;
  return {
    cpu: mean(samples.map((sample) => Math.min(Math.max(sample.cpuPercent, 0), 100))),
    memory: mean(samples.map((sample) => sample.memoryPercent)),
  };
}
