import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Readiness, ReadinessModule } from '@platform/config';
import { closeRedis, createRedis, whenReady } from './redis-connection.js';

/** A plain ioredis client for a service's own keys (rate limits, quotas); BullMQ keeps its own connections. */
export const REDIS = Symbol('REDIS');

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}

export interface RedisModuleOptions {
  /**
   * The service keeps serving without Redis (the gateway counts rate limits in memory meanwhile):
   * an outage is logged and reported as degraded, not as "not ready".
   */
  optional?: boolean;
}

@Module({})
export class RedisModule {
  /** Commands fail fast while Redis is away instead of waiting for it (redis-connection.ts). */
  static forRoot(redisUrl: string, options: RedisModuleOptions = {}): DynamicModule {
    return {
      module: RedisModule,
      imports: [ReadinessModule],
      providers: [
        {
          provide: REDIS,
          inject: [Readiness],
          useFactory: (readiness: Readiness) => whenReady(createRedis(redisUrl, 'commands', readiness.dependency('redis', options))),
        },
        RedisCloser,
      ],
      exports: [REDIS],
    };
  }
}
