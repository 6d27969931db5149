import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { deleteRedisKeys, INFRA } from '@platform/testing';
import { RedisScript } from './redis-script.js';

describe('RedisScript', () => {
  const prefix = `t${randomUUID().slice(0, 8)}:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(INFRA.redisUrl);
  });

  afterAll(async () => {
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });

  /** A text no other test has loaded: Redis does not hold it until the first run. */
  const freshScript = () => new RedisScript(`-- ${randomUUID()}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`);

  it('runs a script Redis does not hold yet, and leaves it loaded', async () => {
    const sut = freshScript();
    expect(await redis.script('EXISTS', sut.sha)).toEqual([0]);

    expect(await sut.run(redis, [`${prefix}counter`], [5])).toBe(5);

    expect(await redis.script('EXISTS', sut.sha)).toEqual([1]);
  });

  it('runs it again by its hash with the keys and arguments of that call', async () => {
    const sut = freshScript();
    await sut.run(redis, [`${prefix}again`], [2]);

    expect(await sut.run(redis, [`${prefix}again`], [3])).toBe(5);
  });

  it('passes on an error the script raises', async () => {
    const sut = new RedisScript(`-- ${randomUUID()}\nreturn redis.error_reply('refused by the script')`);

    await expect(sut.run(redis, [`${prefix}x`], [])).rejects.toThrow('refused by the script');
  });

  it('loads a script ahead of its first run', async () => {
    const sut = freshScript();

    await sut.load(redis);

    expect(await redis.script('EXISTS', sut.sha)).toEqual([1]);
  });
});
