import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { schedulerDatabase } from './database.js';
import { SchedulerEnv } from './scheduler.env.js';
import { SCHEDULER_SERVICE, SchedulerModule } from './scheduler.module.js';

/** Boots the scheduler from an env source; main.ts passes process.env, tests pass their own. */
export async function startScheduler(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(SchedulerEnv, source);
  await migrateSchema(env.DATABASE_URL, schedulerDatabase);
  return startService(SchedulerModule.forRoot(env), env, SCHEDULER_SERVICE);
}
