import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { mediaDatabase } from './database.js';
import { MediaEnv } from './media.env.js';
import { MEDIA_SERVICE, MediaModule } from './media.module.js';

/** Boots the media service from an env source; main.ts passes process.env, tests pass their own. */
export async function startMedia(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(MediaEnv, source);
  await migrateSchema(env.DATABASE_URL, mediaDatabase);
  return startService(MediaModule.forRoot(env), env, MEDIA_SERVICE);
}
