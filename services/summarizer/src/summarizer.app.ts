import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { startService } from '@platform/messaging';
import { SummarizerEnv } from './summarizer.env.js';
import { SUMMARIZER_SERVICE, SummarizerModule } from './summarizer.module.js';

/** Boots the summarizer from an env source; main.ts passes process.env, tests pass their own. No database. */
export async function startSummarizer(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(SummarizerEnv, source);
  return startService(SummarizerModule.forRoot(env), env, SUMMARIZER_SERVICE);
}
