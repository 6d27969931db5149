import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMITS, type RateLimitGroup } from '@platform/contracts';
import { REDIS } from '@platform/queue';
import { GATEWAY_ENV } from '../gateway.tokens.js';
import type { GatewayEnv } from '../gateway.env.js';

export interface LimitOutcome {
  allowed: boolean;
  headers: Record<string, string>;
  message?: string;
}

/**
 * Per-IP counters in Redis (rate-limiter-flexible), so a limit holds across gateway replicas.
 * If Redis is unreachable each replica falls back at once to counting in memory rather than letting all through.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly limiters = new Map<RateLimitGroup, RateLimiterRedis>();

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  /**
   * Every group is counted at once, so a route with two groups (each /api/* backend route) waits for
   * one Redis round trip, not two. The outcome is the one of counting them in order: the first group
   * that refuses answers, and the groups after it give their point back, as if never asked.
   */
  async consume(groups: readonly RateLimitGroup[], ip: string): Promise<LimitOutcome> {
    const results = await Promise.all(groups.map((group) => this.count(group, ip)));
    let tightest: { group: RateLimitGroup; result: RateLimiterRes } | undefined;
    for (const [index, group] of groups.entries()) {
      const result = results[index]!;
      if (result.remainingPoints <= 0 && result.consumedPoints > RATE_LIMITS[group].points) {
        // A point Redis does not take back keeps that group a point stricter for its window: no reason to fail the answer.
        await Promise.all(groups.slice(index + 1).map((later) => this.limiter(later).reward(ip).catch(() => undefined)));
        return { allowed: false, headers: headersOf(group, result), message: RATE_LIMITS[group].message };
      }
      if (!tightest || result.remainingPoints < tightest.result.remainingPoints) tightest = { group, result };
    }
    return { allowed: true, headers: tightest ? headersOf(tightest.group, tightest.result) : {} };
  }

  private count(group: RateLimitGroup, ip: string): Promise<RateLimiterRes> {
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
        keyPrefix: `${this.env.REDIS_PREFIX}rl:${group}`,
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

function headersOf(group: RateLimitGroup, result: RateLimiterRes): Record<string, string> {
  return {
    'RateLimit-Limit': String(RATE_LIMITS[group].points),
    'RateLimit-Remaining': String(Math.max(0, result.remainingPoints)),
    'RateLimit-Reset': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
  };
}
