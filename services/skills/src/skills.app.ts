import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { skillsDatabase } from './database.js';
import { SkillsEnv } from './skills.env.js';
import { SKILLS_SERVICE, SkillsModule } from './skills.module.js';

/** Boots the skills service from an env source; main.ts passes process.env, tests pass their own. */
export async function startSkills(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(SkillsEnv, source);
  await migrateSchema(env.DATABASE_URL, skillsDatabase);
  return startService(SkillsModule.forRoot(env), env, SKILLS_SERVICE);
}
