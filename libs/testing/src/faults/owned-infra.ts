import type { InfraUrls } from '../infra-urls.js';
import { startOwnedNats } from './owned-nats.js';
import { startOwnedPostgres } from './owned-postgres.js';
import { startOwnedRedis } from './owned-redis.js';
import type { OwnedServer } from './owned-server.js';

/** PostgreSQL, Redis and NATS of one test file's own, to kill at will; `TestPlatform.start({ infra })` runs on them. */
export interface OwnedInfra extends InfraUrls {
  postgres: OwnedServer;
  redis: OwnedServer;
  nats: OwnedServer;
  /** Starts the servers that are not running (a test killed them). */
  startStopped(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the three together; when one fails the others are closed again. */
export async function startOwnedInfra(): Promise<OwnedInfra> {
  const started = await Promise.allSettled([startOwnedPostgres(), startOwnedRedis(), startOwnedNats()]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.close()));
    throw failed.reason;
  }
  const [postgres, redis, nats] = servers as [OwnedServer, OwnedServer, OwnedServer];
  return {
    postgres,
    redis,
    nats,
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    natsUrl: nats.url,
    startStopped: async () => {
      await Promise.all(servers.filter((server) => !server.running).map((server) => server.start()));
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
