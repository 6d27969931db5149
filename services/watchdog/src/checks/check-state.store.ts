import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AgentStatus } from '@platform/contracts';
import { REDIS } from '@platform/queue';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import type { CheckState } from './check-state.js';

// A check that finishes after its agent stopped being watched must not bring the state back.
const PATCH_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end if #ARGV > 0 then redis.call('HSET', KEYS[1], unpack(ARGV)) end return 1`;
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** How long an unwatched agent's status time is kept: longer than any redelivery of its older events. */
const GONE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Per-agent check state as one Redis hash, restarts as a sorted set of times, a check lock, and
 * for an agent no longer watched, the time of the status that ended it.
 */
@Injectable()
export class CheckStateStore {
  private readonly prefix: string;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(WATCHDOG_ENV) env: WatchdogEnv) {
    this.prefix = `${env.REDIS_PREFIX}watchdog:`;
  }

  async get(agentId: string): Promise<CheckState | undefined> {
    const fields = await this.redis.hgetall(this.stateKey(agentId));
    if (!fields.agentId) return undefined;
    return {
      agentId: fields.agentId,
      userId: fields.userId ?? '',
      runtimeUrl: fields.runtimeUrl ?? '',
      status: fields.status as AgentStatus,
      statusAt: Number(fields.statusAt ?? 0),
      watchedAt: Number(fields.watchedAt ?? 0),
      failures: Number(fields.failures ?? 0),
      livenessFailures: Number(fields.livenessFailures ?? 0),
      repairs: Number(fields.repairs ?? 0),
      seenHealthy: fields.seenHealthy === '1',
      lastUptimeMs: fields.lastUptimeMs ? Number(fields.lastUptimeMs) : null,
      failed: fields.failed === '1',
      pace: fields.pace === 'normal' || fields.pace === 'degraded' ? fields.pace : undefined,
    };
  }

  /** Creates or updates the state, as an event or the boot reconciliation tells it. */
  async put(agentId: string, fields: Partial<CheckState>, now: number): Promise<void> {
    await this.redis.hset(this.stateKey(agentId), encode({ ...fields, agentId, watchedAt: now }));
  }

  /** Updates the state only while the agent is still watched; false when it no longer is. */
  async patch(agentId: string, fields: Partial<CheckState>): Promise<boolean> {
    const flat = Object.entries(encode(fields)).flat();
    return (await this.redis.eval(PATCH_IF_EXISTS, 1, this.stateKey(agentId), ...flat)) === 1;
  }

  /** Drops the state; `statusAt` is kept a while so an older event cannot watch the agent again. */
  async remove(agentId: string, statusAt: number): Promise<void> {
    await this.redis.multi()
      .del(this.stateKey(agentId), this.restartsKey(agentId))
      .set(this.goneKey(agentId), String(statusAt), 'PX', GONE_TTL_MS)
      .exec();
  }

  /** When the status that ended watching the agent came, if it did lately. */
  async goneAt(agentId: string): Promise<number | undefined> {
    const at = await this.redis.get(this.goneKey(agentId));
    return at === null ? undefined : Number(at);
  }

  async recordRestart(agentId: string, at: number, windowMs: number): Promise<void> {
    const key = this.restartsKey(agentId);
    await this.redis.multi()
      .zadd(key, at, `${at}:${randomUUID()}`)
      .zremrangebyscore(key, '-inf', at - windowMs)
      .pexpire(key, Math.ceil(windowMs))
      .exec();
  }

  async restartsSince(agentId: string, since: number): Promise<number> {
    return this.redis.zcount(this.restartsKey(agentId), since, '+inf');
  }

  /** One check per agent at a time; undefined when another check holds it. */
  async lock(agentId: string, ttlMs: number): Promise<string | undefined> {
    const token = randomUUID();
    const taken = await this.redis.set(this.lockKey(agentId), token, 'PX', ttlMs, 'NX');
    return taken ? token : undefined;
  }

  async unlock(agentId: string, token: string): Promise<void> {
    await this.redis.eval(UNLOCK, 1, this.lockKey(agentId), token);
  }

  private stateKey(agentId: string): string {
    return `${this.prefix}agent:${agentId}`;
  }

  private restartsKey(agentId: string): string {
    return `${this.prefix}restarts:${agentId}`;
  }

  private lockKey(agentId: string): string {
    return `${this.prefix}lock:${agentId}`;
  }

  private goneKey(agentId: string): string {
    return `${this.prefix}gone:${agentId}`;
  }
}

function encode(fields: Partial<CheckState>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    flat[key] = typeof value === 'boolean' ? (value ? '1' : '0') : value === null ? '' : String(value);
  }
  return flat;
}
