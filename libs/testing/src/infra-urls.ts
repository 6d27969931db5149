import { CommonEnv, loadEnv } from '@platform/config';

/** The PostgreSQL server, Redis and NATS a test's services connect to. */
export interface InfraUrls {
  /** Any database of the server: test databases are created next to it. */
  databaseUrl: string;
  redisUrl: string;
  natsUrl: string;
}

const common = loadEnv(CommonEnv);

/** The machine's servers, shared by every test: DATABASE_URL / REDIS_URL / NATS_URL, else their defaults. */
export const INFRA: InfraUrls = {
  databaseUrl: common.DATABASE_URL,
  redisUrl: common.REDIS_URL,
  natsUrl: common.NATS_URL,
};
