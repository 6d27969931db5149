import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/queue';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { quotaKeys, quotaResetsAt, type QuotaKeys } from './quota-period.js';
import { COUNTED, RELEASE, RESERVE, SETTLE } from './quota-scripts.js';

/** A month's counter outlives its month by a few days, for late settlements. */
const COUNTER_TTL_SEC = 40 * 24 * 3600;

export interface Reservation {
  keys: QuotaKeys;
  leaseId: string;
  tokens: number;
}

export type ReserveOutcome =
  | { admitted: true; reservation: Reservation }
  | { admitted: false; used: number; resetsAt: Date };

/**
 * Monthly token quotas in Redis. A reservation is a lease: settled to the real usage or released
 * by its holder, or released on its own once it expires, so a replica killed mid-chat leaks nothing.
 */
@Injectable()
export class QuotaStore {
  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv) {}

  async reserve(userId: string, limit: number, tokens: number, now: Date): Promise<ReserveOutcome> {
    const keys = quotaKeys(this.env.REDIS_PREFIX, userId, now);
    const leaseId = randomUUID();
    const [admitted, counted] = (await this.redis.eval(RESERVE, 2, keys.month, keys.leases, limit, tokens, leaseId, this.env.AI_QUOTA_LEASE_MS, COUNTER_TTL_SEC)) as [number, number];
    return admitted ? { admitted: true, reservation: { keys, leaseId, tokens } } : { admitted: false, used: counted, resetsAt: quotaResetsAt(now) };
  }

  /** Replaces the reservation with what the call really used, in the month it was reserved in. */
  async settle(reservation: Reservation, usedTokens: number): Promise<void> {
    await this.redis.eval(SETTLE, 2, reservation.keys.month, reservation.keys.leases, reservation.leaseId, usedTokens);
  }

  async release(reservation: Reservation): Promise<void> {
    await this.redis.eval(RELEASE, 2, reservation.keys.month, reservation.keys.leases, reservation.leaseId);
  }

  /** Tokens this user's month counts now: settled, plus reservations still open. */
  async counted(userId: string, now: Date): Promise<number> {
    const keys = quotaKeys(this.env.REDIS_PREFIX, userId, now);
    return Number(await this.redis.eval(COUNTED, 2, keys.month, keys.leases));
  }
}
