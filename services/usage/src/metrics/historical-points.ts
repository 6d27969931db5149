import type { HistoricalMetrics, HistoricalPoint, HourlyMetric } from '@platform/contracts';
import type { HourlyCalls } from './call-stats.service.js';
import { mean } from './metric-format.js';

/** Container readings of one hour (or the live sample standing in for them). */
export type ContainerHour = Pick<HourlyMetric, 'hour' | 'cpu' | 'memory'>;

/**
 * The hours that had container samples or calls, oldest first, each with both: cpu and memory are
 * 0 in an hour no runtime was sampled, messages and errors 0 in an hour without calls.
 */
export function historicalPoints(containers: ContainerHour[], calls: HourlyCalls[]): HistoricalPoint[] {
  const byHour = new Map<string, HistoricalPoint>();
  const at = (hour: string) => byHour.get(hour) ?? byHour.set(hour, { timestamp: hour, cpu: 0, memory: 0, messages: 0, errors: 0 }).get(hour)!;
  for (const { hour, cpu, memory } of containers) Object.assign(at(hour), { cpu, memory });
  for (const { hour, messages, errors } of calls) Object.assign(at(hour), { messages, errors });
  return [...byHour.values()].sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1));
}

/** cpu and memory averaged over the hours that were sampled, messages and errors over every point. */
export function historicalAverages(containers: ContainerHour[], points: HistoricalPoint[]): HistoricalMetrics['averages'] {
  return {
    cpu: mean(containers.map((hour) => hour.cpu)),
    memory: mean(containers.map((hour) => hour.memory)),
    messages: mean(points.map((point) => point.messages)),
    errors: mean(points.map((point) => point.errors)),
  };
}
