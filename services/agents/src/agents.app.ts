import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { AgentsEnv } from './agents.env.js';
import { AGENTS_SERVICE, AgentsModule } from './agents.module.js';
import { agentsDatabase } from './database.js';

/** Boots the agents service from an env source; main.ts passes process.env, tests pass their own. */
export async function startAgents(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(AgentsEnv, source);
  await migrateSchema(env.DATABASE_URL, agentsDatabase);
  return startService(AgentsModule.forRoot(env), env, AGENTS_SERVICE);
}
