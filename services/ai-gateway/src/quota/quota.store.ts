import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/queue';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { quotaKey, quotaResetsAt } from './quota-period.js';

/**
 * Admits a reservation while the month's count is below the limit, in one atomic step. A request
 * is admitted only if the tokens already spent or reserved are under the limit, so however many run
 * at once, the month overshoots by at most one request's reservation.
 */
const RESERVE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return {0, used} end
local now = redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return {1, now}
`;

/** A month's counter outlives its month by a few days, for late settlements. */
const COUNTER_TTL_SEC = 40 * 24 * 3600;

export interface Reservation {
  key: string;
  tokens: number;
}

export type ReserveOutcome =
  | { admitted: true; reservation: Reservation }
  | { admitted: false; used: number; resetsAt: Date };

@Injectable()
export class QuotaStore {
  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv) {}

  async reserve(userId: string, limit: number, tokens: number, now: Date): Promise<ReserveOutcome> {
    const key = quotaKey(this.env.REDIS_PREFIX, userId, now);
    const [admitted, used] = (await this.redis.eval(RESERVE, 1, key, limit, tokens, COUNTER_TTL_SEC)) as [number, number];
    return admitted ? { admitted: true, reservation: { key, tokens } } : { admitted: false, used, resetsAt: quotaResetsAt(now) };
  }

  /** Replaces the reservation with what the call really used, in the month it was reserved in. */
  async settle(reservation: Reservation, usedTokens: number): Promise<void> {
    await this.redis.incrby(reservation.key, usedTokens - reservation.tokens);
  }

  async release(reservation: Reservation): Promise<void> {
    await this.redis.decrby(reservation.key, reservation.tokens);
  }
}
