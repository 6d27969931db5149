import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RATE_LIMITS } from '@platform/contracts';
import { deleteRedisKeys, INFRA } from '@platform/testing';
import type { GatewayEnv } from '../gateway.env.js';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter (groups counted at once, with the outcome of counting them in order)', () => {
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let sut: RateLimiter;
  let ip = 0;
  const nextIp = () => `10.99.0.${(ip += 1)}`;

  beforeAll(() => {
    redis = new Redis(INFRA.redisUrl);
    sut = new RateLimiter(redis, { REDIS_PREFIX: prefix } as GatewayEnv);
  });

  afterAll(async () => {
    sut.onModuleDestroy();
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });

  it('counts a call against every group and answers with the tightest one\'s headers', async () => {
    const caller = nextIp();

    const outcome = await sut.consume(['backendGeneral', 'backendAi'], caller);

    expect(outcome).toEqual({ allowed: true, headers: { 'RateLimit-Limit': '30', 'RateLimit-Remaining': '29', 'RateLimit-Reset': expect.any(String) } });
    expect((await sut.consume(['backendGeneral'], caller)).headers['RateLimit-Remaining']).toBe(String(RATE_LIMITS.backendGeneral.points - 2));
  });

  it('answers a refusal of the first group with its message, and leaves the later group uncounted', async () => {
    const caller = nextIp();
    for (let call = 0; call < RATE_LIMITS.backendGeneral.points; call += 1) await sut.consume(['backendGeneral'], caller);

    const refused = await sut.consume(['backendGeneral', 'backendAi'], caller);

    expect(refused).toMatchObject({ allowed: false, message: RATE_LIMITS.backendGeneral.message, headers: { 'RateLimit-Limit': '120', 'RateLimit-Remaining': '0' } });
    expect((await sut.consume(['backendAi'], caller)).headers['RateLimit-Remaining']).toBe(String(RATE_LIMITS.backendAi.points - 1));
  });

  it('gives a later eventual group\'s point back when an exact group before it refuses', async () => {
    const caller = nextIp();
    for (let call = 0; call < RATE_LIMITS.webProvision.points; call += 1) await sut.consume(['webProvision', 'webAgents'], caller);

    const refused = await sut.consume(['webProvision', 'webAgents'], caller);

    expect(refused).toMatchObject({ allowed: false, headers: { 'RateLimit-Limit': '5', 'RateLimit-Remaining': '0' } });
    expect((await sut.consume(['webAgents'], caller)).headers['RateLimit-Remaining']).toBe(String(RATE_LIMITS.webAgents.points - RATE_LIMITS.webProvision.points - 1));
  });

  it('decides eventual groups without Redis: unreachable, they still count down to a refusal', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const offline = new RateLimiter(unreachable, { REDIS_PREFIX: prefix } as GatewayEnv);
    const caller = nextIp();
    try {
      const outcomes = [];
      for (let call = 0; call <= RATE_LIMITS.backendAi.points; call += 1) outcomes.push(await offline.consume(['backendGeneral', 'backendAi'], caller));
      expect(outcomes.map((outcome) => outcome.allowed)).toEqual([...Array(RATE_LIMITS.backendAi.points).fill(true), false]);
      expect(outcomes.at(-1)).toMatchObject({ message: RATE_LIMITS.backendAi.message });
    } finally {
      offline.onModuleDestroy();
      unreachable.disconnect();
    }
  });
});
