import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AgentStatus } from '@platform/contracts';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import type { CheckState } from './check-state.js';

// A check that finishes after its agent stopped being watched must not bring the state back.
const PATCH_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HSET', KEYS[1], unpack(ARGV)) end return 0`;
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

const stateKey = (agentId: string) => `watchdog:agent:${agentId}`;
const restartsKey = (agentId: string) => `watchdog:restarts:${agentId}`;
const lockKey = (agentId: string) => `watchdog:lock:${agentId}`;

/** Per-agent check state as one Redis hash, restarts as a sorted set of times, and a check lock. */
@Injectable()
export class CheckStateStore implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(@Inject(WATCHDOG_ENV) env: WatchdogEnv) {
    this.redis = new Redis(env.REDIS_URL, { keyPrefix: env.REDIS_PREFIX, maxRetriesPerRequest: 1 });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  async get(agentId: string): Promise<CheckState | undefined> {
    const fields = await this.redis.hgetall(stateKey(agentId));
    if (!fields.agentId) return undefined;
    return {
      agentId: fields.agentId,
      userId: fields.userId ?? '',
      runtimeUrl: fields.runtimeUrl ?? '',
      status: fields.status as AgentStatus,
      statusAt: Number(fields.statusAt ?? 0),
      updatedAt: Number(fields.updatedAt ?? 0),
      failures: Number(fields.failures ?? 0),
      livenessFailures: Number(fields.livenessFailures ?? 0),
      repairs: Number(fields.repairs ?? 0),
      seenHealthy: fields.seenHealthy === '1',
      lastUptimeMs: fields.lastUptimeMs ? Number(fields.lastUptimeMs) : null,
      failed: fields.failed === '1',
    };
  }

  /** Creates or updates the state. */
  async put(agentId: string, fields: Partial<CheckState>, now: number): Promise<void> {
    await this.redis.hset(stateKey(agentId), encode({ ...fields, agentId, updatedAt: now }));
  }

  /** Updates the state only while the agent is still watched. */
  async patch(agentId: string, fields: Partial<CheckState>, now: number): Promise<void> {
    const flat = Object.entries(encode({ ...fields, updatedAt: now })).flat();
    await this.redis.eval(PATCH_IF_EXISTS, 1, stateKey(agentId), ...flat);
  }

  async remove(agentId: string): Promise<void> {
    await this.redis.del(stateKey(agentId), restartsKey(agentId));
  }

  async recordRestart(agentId: string, at: number, windowMs: number): Promise<void> {
    const key = restartsKey(agentId);
    await this.redis.multi()
      .zadd(key, at, `${at}:${randomUUID()}`)
      .zremrangebyscore(key, '-inf', at - windowMs)
      .pexpire(key, Math.ceil(windowMs))
      .exec();
  }

  async restartsSince(agentId: string, since: number): Promise<number> {
    return this.redis.zcount(restartsKey(agentId), since, '+inf');
  }

  /** One check per agent at a time; undefined when another check holds it. */
  async lock(agentId: string, ttlMs: number): Promise<string | undefined> {
    const token = randomUUID();
    const taken = await this.redis.set(lockKey(agentId), token, 'PX', ttlMs, 'NX');
    return taken ? token : undefined;
  }

  async unlock(agentId: string, token: string): Promise<void> {
    await this.redis.eval(UNLOCK, 1, lockKey(agentId), token);
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
