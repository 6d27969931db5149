import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script called by its SHA-1 (EVALSHA), so its text crosses the wire and is hashed by Redis
 * only when Redis does not hold it yet (first use, a restart, SCRIPT FLUSH): EVAL sent the whole
 * text with every call, on every chat's reservation and settlement.
 */
export class RedisScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Hands Redis the text ahead of the first call, so that call is one round trip too. */
  async load(redis: Redis): Promise<void> {
    await redis.script('LOAD', this.source);
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
