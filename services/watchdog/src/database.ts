import type { ServiceDatabase } from '@platform/database';
import { ContainerMetricEntity } from './metrics/container-metric.entity.js';
import { WatchdogInitial1763800000000 } from './migrations/1763800000000-watchdog-initial.js';

export const watchdogDatabase: ServiceDatabase = {
  schema: 'watchdog',
  entities: [ContainerMetricEntity],
  migrations: [WatchdogInitial1763800000000],
};
