import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HeldRetries, isRedisUnreachable, REDIS } from '@platform/queue';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { quotaKeys, quotaResetsAt, type QuotaKeys } from './quota-period.js';
import { COUNTED, RELEASE, RESERVE, SETTLE } from './quota-scripts.js';

/** A month's counter outlives its month by a few days, for late settlements. */
const COUNTER_TTL_SEC = 40 * 24 * 3600;

/** How often settlements Redis refused are offered again, and how many are held meanwhile. */
const SETTLE_RETRY_MS = 1000;
const MAX_HELD_SETTLEMENTS = 10_000;

export interface Reservation {
  keys: QuotaKeys;
  leaseId: string;
  tokens: number;
}

export type ReserveOutcome =
  | { admitted: true; reservation: Reservation }
  | { admitted: false; used: number; resetsAt: Date };

interface Settlement {
  reservation: Reservation;
  usedTokens: number;
}

/**
 * Monthly token quotas in Redis. A reservation is a lease: settled to the real usage or released
 * by its holder, or released on its own once it expires, so a replica killed mid-chat leaks nothing.
 * A settlement Redis cannot take now (it is away) is held and offered again until it can, so a
 * served chat is counted once Redis is back; the script counts a settlement once however often it
 * is offered.
 */
@Injectable()
export class QuotaStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QuotaStore.name);
  private readonly settlements: HeldRetries<Settlement>;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv) {
    this.settlements = new HeldRetries({
      capacity: MAX_HELD_SETTLEMENTS,
      retryIntervalMs: SETTLE_RETRY_MS,
      deliver: (settlement) => this.apply(settlement),
      // An error Redis answered (a script bug, out of memory) would come back on every retry.
      isPermanent: (error) => !isRedisUnreachable(error),
      onDrop: ({ reservation }, error) => this.logger.warn({
        msg: 'Quota settlement dropped', leaseId: reservation.leaseId, cause: error instanceof Error ? error.message : String(error),
      }),
    });
  }

  /**
   * The scripts are in Redis before the first chat, so a settlement the reply does not wait for is
   * one command, already written when the reply leaves. Redis away at boot is no failure here: a
   * script Redis lacks is sent whole on its first call (RedisScript.run).
   */
  async onModuleInit(): Promise<void> {
    await Promise.all([RESERVE, SETTLE, RELEASE, COUNTED].map((script) => script.load(this.redis))).catch(() => undefined);
  }

  async reserve(userId: string, limit: number, tokens: number, now: Date): Promise<ReserveOutcome> {
    return this.reserveOn(quotaKeys(this.env.REDIS_PREFIX, userId, now), limit, tokens, now);
  }

  /** The same lease on another monthly counter (a key's spend cap counts micro-dollars in one). */
  async reserveOn(keys: QuotaKeys, limit: number, tokens: number, now: Date): Promise<ReserveOutcome> {
    const leaseId = randomUUID();
    const [admitted, counted] = (await RESERVE.run(this.redis, [keys.month, keys.leases], [limit, tokens, leaseId, this.env.AI_QUOTA_LEASE_MS, COUNTER_TTL_SEC])) as [number, number];
    return admitted ? { admitted: true, reservation: { keys, leaseId, tokens } } : { admitted: false, used: counted, resetsAt: quotaResetsAt(now) };
  }

  /** Replaces the reservation with what the call really used, in the month it was reserved in. Never throws. */
  settle(reservation: Reservation, usedTokens: number): Promise<void> {
    return this.settlements.offer({ reservation, usedTokens });
  }

  async release(reservation: Reservation): Promise<void> {
    await RELEASE.run(this.redis, [reservation.keys.month, reservation.keys.leases], [reservation.leaseId]);
  }

  /** Tokens this user's month counts now: settled, plus reservations still open. */
  async counted(userId: string, now: Date): Promise<number> {
    const keys = quotaKeys(this.env.REDIS_PREFIX, userId, now);
    return Number(await COUNTED.run(this.redis, [keys.month, keys.leases], []));
  }

  /** One last offer of what is held; what Redis still refuses is logged as dropped. */
  async onApplicationShutdown(): Promise<void> {
    await this.settlements.close();
  }

  private async apply({ reservation, usedTokens }: Settlement): Promise<void> {
    await SETTLE.run(this.redis, [reservation.keys.month, reservation.keys.leases], [reservation.leaseId, usedTokens]);
  }
}
