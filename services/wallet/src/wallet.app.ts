import type { INestApplicationContext } from '@nestjs/common';
import { loadEnv, type EnvSource } from '@platform/config';
import { migrateSchema } from '@platform/database';
import { startService } from '@platform/messaging';
import { walletDatabase } from './database.js';
import { WalletEnv } from './wallet.env.js';
import { WALLET_SERVICE, WalletModule } from './wallet.module.js';

/** Boots the wallet service from an env source; main.ts passes process.env, tests pass their own. */
export async function startWallet(source: EnvSource): Promise<INestApplicationContext> {
  const env = loadEnv(WalletEnv, source);
  await migrateSchema(env.DATABASE_URL, walletDatabase);
  return startService(WalletModule.forRoot(env), env, WALLET_SERVICE);
}
