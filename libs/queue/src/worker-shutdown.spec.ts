import { randomBytes } from 'node:crypto';
import { QUEUES } from '@platform/contracts';
import { startOwnedRedis, type OwnedServer } from '@platform/testing';
import { QueueFactory } from './queue.factory.js';

describe('QueueFactory shutdown across a Redis restart', () => {
  let redis: OwnedServer;

  beforeAll(async () => {
    redis = await startOwnedRedis();
  });

  afterAll(async () => {
    await redis?.close();
  });

  // BullMQ never finishes closing a worker whose connection is reconnecting; the factory waits for Redis first.
  it('closes its workers within seconds when Redis has just come back', async () => {
    const sut = new QueueFactory({ redisUrl: redis.url, prefix: `t${randomBytes(4).toString('hex')}:` });
    sut.work(QUEUES.identityMail, async () => undefined);
    await sut.add(QUEUES.identityMail, { email: 'before@example.com' });
    await redis.kill();
    await redis.start();

    const started = Date.now();
    await sut.beforeApplicationShutdown();
    await sut.onApplicationShutdown();

    expect(Date.now() - started).toBeLessThan(3000);
  });
});
