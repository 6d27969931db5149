import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

/** A plain ioredis client for a service's own keys (rate limits, quotas); BullMQ keeps its own connections. */
export const REDIS = Symbol('REDIS');

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

@Module({})
export class RedisModule {
  /** One retry per command: a request fails fast while Redis is away instead of waiting for it. */
  static forRoot(redisUrl: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useFactory: () => new Redis(redisUrl, { maxRetriesPerRequest: 1 }) }, RedisCloser],
      exports: [REDIS],
    };
  }
}
