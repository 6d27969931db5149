import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { billingDatabase } from './database.js';
import { BillingEnv } from './billing.env.js';
import { BILLING_SERVICE, BillingModule } from './billing.module.js';

/** Boots billing from an env source; main.ts passes process.env, tests pass their own. */
export async function startBilling(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(BillingEnv, source);
  await migrateSchema(env.DATABASE_URL, billingDatabase);
  return startService(BillingModule.forRoot(env), env, BILLING_SERVICE);
}
