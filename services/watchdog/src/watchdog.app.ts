import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { watchdogDatabase } from './database.js';
import { WatchdogEnv } from './watchdog.env.js';
import { WATCHDOG_SERVICE, WatchdogModule } from './watchdog.module.js';

/** Boots the watchdog from an env source; main.ts passes process.env, tests pass their own. */
export async function startWatchdog(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(WatchdogEnv, source);
  await migrateSchema(env.DATABASE_URL, watchdogDatabase);
  return startService(WatchdogModule.forRoot(env), env, WATCHDOG_SERVICE);
}
