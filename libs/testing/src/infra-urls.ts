import { CommonEnv, loadEnv } from '@platform/config';

const common = loadEnv(CommonEnv);

/** What the services would connect to: DATABASE_URL / REDIS_URL / NATS_URL, else their defaults. */
export const INFRA = {
  databaseUrl: common.DATABASE_URL,
  redisUrl: common.REDIS_URL,
  natsUrl: common.NATS_URL,
};
