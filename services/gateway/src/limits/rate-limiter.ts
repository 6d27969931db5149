import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMITS, type RateLimitGroup } from '@platform/contracts';
import { REDIS } from '@platform/queue';
import { GATEWAY_ENV } from '../gateway.tokens.js';
import type { GatewayEnv } from '../gateway.env.js';
import { LocalCounts, type Count } from './local-counts.js';

export interface LimitOutcome {
  allowed: boolean;
  headers: Record<string, string>;
  message?: string;
}

/**
 * Per-IP counters in Redis, so a limit holds across gateway replicas. An 'exact' group
 * (rate-limiter-flexible) waits for Redis's count; if Redis is unreachable each replica falls back at
 * once to counting in memory rather than letting all through. An 'eventual' group is counted in this
 * replica's memory and added to Redis after the turn (LocalCounts): no round trip on the request's way.
 */
@Injectable()
export class RateLimiter implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly limiters = new Map<RateLimitGroup, RateLimiterRedis>();
  private readonly local: LocalCounts;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {
    this.local = new LocalCounts(redis, env.REDIS_PREFIX);
  }

  /**
   * Every group is counted at once, so a route with two groups (each /api/* backend route) waits for
   * one Redis round trip at most, not two, and none when both are 'eventual'. The outcome is the one
   * of counting them in order: the first group that refuses answers, and the groups after it give
   * their point back, as if never asked.
   */
  async consume(groups: readonly RateLimitGroup[], ip: string): Promise<LimitOutcome> {
    const counted = groups.map((group) => this.count(group, ip));
    const results = counted.every((count): count is Count => !(count instanceof Promise)) ? counted : await Promise.all(counted);
    let tightest: { group: RateLimitGroup; result: Count } | undefined;
    for (const [index, group] of groups.entries()) {
      const result = results[index]!;
      if (result.remainingPoints <= 0 && result.consumedPoints > RATE_LIMITS[group].points) {
        await Promise.all(groups.slice(index + 1).map((later) => this.giveBack(later, ip)));
        return { allowed: false, headers: headersOf(group, result), message: RATE_LIMITS[group].message };
      }
      if (!tightest || result.remainingPoints < tightest.result.remainingPoints) tightest = { group, result };
    }
    return { allowed: true, headers: tightest ? headersOf(tightest.group, tightest.result) : {} };
  }

  onModuleDestroy(): void {
    this.local.close();
  }

  private giveBack(group: RateLimitGroup, ip: string): Promise<unknown> {
    if (RATE_LIMITS[group].acrossReplicas === 'eventual') return Promise.resolve(this.local.giveBack(keyOf(group, ip)));
    // A point Redis does not take back keeps that group a point stricter for its window: no reason to fail the answer.
    return this.limiter(group).reward(ip).catch(() => undefined);
  }

  private count(group: RateLimitGroup, ip: string): Count | Promise<Count> {
    const { points, durationSec, acrossReplicas } = RATE_LIMITS[group];
    if (acrossReplicas === 'eventual') return this.local.consume(keyOf(group, ip), points, durationSec);
    return this.limiter(group).consume(ip).catch((rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) return rejection;
      throw rejection;
    });
  }

  private limiter(group: RateLimitGroup): RateLimiterRedis {
    let limiter = this.limiters.get(group);
    if (!limiter) {
      const { points, durationSec } = RATE_LIMITS[group];
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        useRedisPackage: false,
        // Straight to the memory limiter while Redis is away, instead of trying it first.
        rejectIfRedisNotReady: true,
        keyPrefix: `${this.env.REDIS_PREFIX}${keyOf(group)}`,
        points,
        duration: durationSec,
        insuranceLimiter: new RateLimiterMemory({ points, duration: durationSec }),
      });
      this.limiters.set(group, limiter);
      this.logger.debug(`Rate limit ${group}: ${points} per ${durationSec}s`);
    }
    return limiter;
  }
}

/** A group's counter in Redis, one per address (rate-limiter-flexible adds `:<ip>` to its prefix itself). */
function keyOf(group: RateLimitGroup, ip?: string): string {
  return ip === undefined ? `rl:${group}` : `rl:${group}:${ip}`;
}

function headersOf(group: RateLimitGroup, result: Count): Record<string, string> {
  return {
    'RateLimit-Limit': String(RATE_LIMITS[group].points),
    'RateLimit-Remaining': String(Math.max(0, result.remainingPoints)),
    'RateLimit-Reset': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
  };
}
