import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { feedsDatabase } from './database.js';
import { FeedsEnv } from './feeds.env.js';
import { FEEDS_SERVICE, FeedsModule } from './feeds.module.js';

/** Boots the feeds service from an env source; main.ts passes process.env, tests pass their own. */
export async function startFeeds(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(FeedsEnv, source);
  await migrateSchema(env.DATABASE_URL, feedsDatabase);
  return startService(FeedsModule.forRoot(env), env, FEEDS_SERVICE);
}
