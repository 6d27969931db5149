import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { usageDatabase } from './database.js';
import { UsageEnv } from './usage.env.js';
import { USAGE_SERVICE, UsageModule } from './usage.module.js';

/** Boots usage from an env source; main.ts passes process.env, tests pass their own. */
export async function startUsage(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(UsageEnv, source);
  await migrateSchema(env.DATABASE_URL, usageDatabase);
  return startService(UsageModule.forRoot(env), env, USAGE_SERVICE);
}
