import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService, type ServiceStartOptions } from '@platform/messaging';
import { identityDatabase } from './database.js';
import { IdentityEnv } from './identity.env.js';
import { IDENTITY_SERVICE, IdentityModule } from './identity.module.js';

/**
 * Boots identity from an env source; main.ts passes process.env, tests pass their own, and a gateway
 * hosting it (GATEWAY_HOSTS) has it answer its calls in-process.
 */
export async function startIdentity(source: EnvSource, options?: ServiceStartOptions): Promise<INestApplicationContext> {
  const env = loadEnv(IdentityEnv, source);
  await migrateSchema(env.DATABASE_URL, identityDatabase);
  return startService(IdentityModule.forRoot(env), env, IDENTITY_SERVICE, options);
}
