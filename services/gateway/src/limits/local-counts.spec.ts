import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { deleteRedisKeys, INFRA } from '@platform/testing';
import { LocalCounts } from './local-counts.js';

/** Lets the turn's send leave and Redis's answer come back. */
const afterSync = () => sleep(50);

describe('LocalCounts (eventual rate-limit groups)', () => {
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let replicaA: LocalCounts;
  let replicaB: LocalCounts;
  let key = 0;
  const nextKey = () => `rl:test:10.98.0.${(key += 1)}`;

  beforeAll(() => {
    redis = new Redis(INFRA.redisUrl);
    replicaA = new LocalCounts(redis, prefix);
    replicaB = new LocalCounts(redis, prefix);
  });

  afterAll(async () => {
    replicaA.close();
    replicaB.close();
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });

  it('answers at once from memory, counting down to a refusal', () => {
    const address = nextKey();
    const answers = Array.from({ length: 4 }, () => replicaA.consume(address, 3, 60));
    expect(answers.map((answer) => [answer.consumedPoints, answer.remainingPoints])).toEqual([[1, 2], [2, 1], [3, 0], [4, -1]]);
    expect(answers[0]!.msBeforeNext).toBeGreaterThan(59_000);
  });

  it('adds the turn\'s points to the window in Redis, with the window\'s expiry', async () => {
    const address = nextKey();
    for (let call = 0; call < 3; call += 1) replicaA.consume(address, 10, 60);
    await afterSync();
    expect(await redis.get(`${prefix}${address}`)).toBe('3');
    expect(await redis.pttl(`${prefix}${address}`)).toBeGreaterThan(59_000);
  });

  it('learns the other replica\'s points from Redis\'s answer to its own next send', async () => {
    const address = nextKey();
    for (let call = 0; call < 5; call += 1) replicaA.consume(address, 10, 60);
    await afterSync();
    expect(replicaB.consume(address, 10, 60).consumedPoints).toBe(1);
    await afterSync();
    expect(replicaB.consume(address, 10, 60).consumedPoints).toBe(7);
  });

  it('takes a point given back off the count here and in Redis', async () => {
    const address = nextKey();
    replicaA.consume(address, 10, 60);
    replicaA.consume(address, 10, 60);
    replicaA.giveBack(address);
    await afterSync();
    expect(await redis.get(`${prefix}${address}`)).toBe('1');
    expect(replicaA.consume(address, 10, 60).consumedPoints).toBe(2);
  });

  it('starts a new window once the old one has ended', async () => {
    const address = nextKey();
    replicaA.consume(address, 1, 1);
    expect(replicaA.consume(address, 1, 1).remainingPoints).toBe(-1);
    await sleep(1100);
    expect(replicaA.consume(address, 1, 1)).toMatchObject({ consumedPoints: 1, remainingPoints: 0 });
  });

  it('goes on counting in memory while Redis cannot be reached', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const sut = new LocalCounts(unreachable, prefix);
    const address = nextKey();
    try {
      expect(sut.consume(address, 10, 60).consumedPoints).toBe(1);
      await afterSync();
      expect(sut.consume(address, 10, 60).consumedPoints).toBe(2);
    } finally {
      sut.close();
      unreachable.disconnect();
    }
  });
});
