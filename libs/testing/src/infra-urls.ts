/** Local services by default (ARCHITECTURE.md, Tests); DATABASE_URL / REDIS_URL / NATS_URL override. */
export const INFRA = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/platform',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};
