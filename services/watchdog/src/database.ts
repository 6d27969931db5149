import type { ServiceDatabase } from '@platform/database';
import { WatchdogInitial1763800000000 } from './migrations/1763800000000-watchdog-initial.js';
import { WatchdogHourlyMetrics1764500000000 } from './migrations/1764500000000-watchdog-hourly-metrics.js';

export const watchdogDatabase: ServiceDatabase = {
  schema: 'watchdog',
  // Written and read by SQL only (metrics/): container_metrics and its hourly aggregates.
  entities: [],
  migrations: [WatchdogInitial1763800000000, WatchdogHourlyMetrics1764500000000],
};
