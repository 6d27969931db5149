import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { deleteRedisKeys, INFRA, waitFor } from '@platform/testing';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { QuotaStore } from './quota.store.js';

const LEASE_MS = 300;
const LIMIT = 10_000;
const now = new Date();

describe('QuotaStore (a reservation is a lease)', () => {
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let sut: QuotaStore;

  beforeAll(() => {
    redis = new Redis(INFRA.redisUrl);
    sut = new QuotaStore(redis, { REDIS_PREFIX: prefix, AI_QUOTA_LEASE_MS: LEASE_MS } as AiGatewayEnv);
  });

  afterAll(async () => {
    await sut.onApplicationShutdown();
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });

  const admitted = async (userId: string, tokens: number) => {
    const outcome = await sut.reserve(userId, LIMIT, tokens, now);
    if (!outcome.admitted) throw new Error(`not admitted: ${outcome.used} used`);
    return outcome.reservation;
  };

  it('counts an open reservation against the month', async () => {
    const userId = randomUUID();
    await admitted(userId, 400);
    expect(await sut.counted(userId, now)).toBe(400);
  });

  it('replaces a reservation with the real usage when settled', async () => {
    const userId = randomUUID();
    await sut.settle(await admitted(userId, 400), 120);
    expect(await sut.counted(userId, now)).toBe(120);
  });

  it('counts nothing for a released reservation', async () => {
    const userId = randomUUID();
    await sut.release(await admitted(userId, 400));
    expect(await sut.counted(userId, now)).toBe(0);
  });

  it('refuses once the month is spent, telling what is counted', async () => {
    const userId = randomUUID();
    await sut.settle(await admitted(userId, LIMIT), LIMIT);
    await expect(sut.reserve(userId, LIMIT, 10, now)).resolves.toMatchObject({ admitted: false, used: LIMIT });
  });

  it('releases a reservation nobody settles or releases once its lease expires (its holder died)', async () => {
    const userId = randomUUID();
    await admitted(userId, 400);
    expect(await waitFor(() => sut.counted(userId, now), (counted) => counted === 0, LEASE_MS * 10)).toBe(0);
  });

  it('still counts the real usage of a chat settled after its lease expired', async () => {
    const userId = randomUUID();
    const late = await admitted(userId, 400);
    await waitFor(() => sut.counted(userId, now), (counted) => counted === 0, LEASE_MS * 10);
    await sut.settle(late, 150);
    expect(await sut.counted(userId, now)).toBe(150);
  });

  it('does not drift: after many reservations settled, released or abandoned at once, the month counts exactly what was settled', async () => {
    const userId = randomUUID();
    const reservations = await Promise.all(Array.from({ length: 60 }, () => admitted(userId, 100)));
    const settled = reservations.filter((_, index) => index % 3 === 0);
    await Promise.all([
      ...settled.map((reservation) => sut.settle(reservation, 40)),
      ...reservations.filter((_, index) => index % 3 === 1).map((reservation) => sut.release(reservation)),
    ]);
    const counted = await waitFor(() => sut.counted(userId, now), (value) => value === settled.length * 40, LEASE_MS * 10);
    expect(counted).toBe(settled.length * 40);
  });

  it('counts a settlement once, however often it is applied', async () => {
    const userId = randomUUID();
    const reservation = await admitted(userId, 400);
    await sut.settle(reservation, 120);
    await sut.settle(reservation, 120);
    expect(await sut.counted(userId, now)).toBe(120);
  });

  it('holds a settlement Redis refuses and applies it once Redis takes commands again', async () => {
    const userId = randomUUID();
    // Away for the 300 ms between a dropped connection and its reconnect, refusing every command meanwhile.
    const flaky = new Redis(INFRA.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 300 });
    await once(flaky, 'ready');
    const store = new QuotaStore(flaky, { REDIS_PREFIX: prefix, AI_QUOTA_LEASE_MS: 60_000 } as AiGatewayEnv);
    try {
      const outcome = await store.reserve(userId, LIMIT, 400, now);
      if (!outcome.admitted) throw new Error('not admitted');
      flaky.disconnect(true);
      await store.settle(outcome.reservation, 120);
      expect(await sut.counted(userId, now)).toBe(400);
      expect(await waitFor(() => sut.counted(userId, now), (counted) => counted === 120, 5000)).toBe(120);
    } finally {
      await store.onApplicationShutdown();
      flaky.disconnect();
    }
  });
});
