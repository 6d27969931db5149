import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { identityDatabase } from './database.js';
import { IdentityEnv } from './identity.env.js';
import { IDENTITY_SERVICE, IdentityModule } from './identity.module.js';

/** Boots identity from an env source; main.ts passes process.env, tests pass their own. */
export async function startIdentity(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(IdentityEnv, source);
  await migrateSchema(env.DATABASE_URL, identityDatabase);
  return startService(IdentityModule.forRoot(env), env, IDENTITY_SERVICE);
}
