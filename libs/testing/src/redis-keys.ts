import { Redis } from 'ioredis';
import { INFRA } from './infra-urls.js';

/** Everything a test file wrote under its REDIS_PREFIX (rate-limit counters, queues). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(INFRA.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
