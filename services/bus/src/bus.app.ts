import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { busDatabase } from './database.js';
import { BusEnv } from './bus.env.js';
import { BUS_SERVICE, BusModule } from './bus.module.js';

/** Boots the agent bus from an env source; main.ts passes process.env, tests pass their own. */
export async function startBus(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(BusEnv, source);
  await migrateSchema(env.DATABASE_URL, busDatabase);
  return startService(BusModule.forRoot(env), env, BUS_SERVICE);
}
