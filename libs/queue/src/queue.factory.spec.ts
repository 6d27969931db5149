import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES, UnavailableError, type QueueName } from '@platform/contracts';
import { deleteRedisKeys, INFRA, toolCall, usageEvent } from '@platform/testing';
import { QueueFactory } from './queue.factory.js';

const prefix = `t${randomBytes(4).toString('hex')}:`;

/** The options BullMQ stored with a job, read back as a separate client would. */
async function storedOptions(name: QueueName, jobId: string) {
  const connection = new Redis(INFRA.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: `${prefix}bull` });
  try {
    return (await queue.getJob(jobId))!.opts;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describe('QueueFactory', () => {
  let sut: QueueFactory;

  beforeEach(() => {
    sut = new QueueFactory({ redisUrl: INFRA.redisUrl, prefix });
  });

  afterEach(async () => {
    await sut.beforeApplicationShutdown();
    await sut.onApplicationShutdown();
  });

  afterAll(async () => {
    await deleteRedisKeys(prefix);
  });

  it('retries usage jobs 13 times from 1 s, doubling, so they outlast an hour-long database outage', async () => {
    const event = usageEvent();
    const call = toolCall();

    await sut.add(QUEUES.usageLog, event, event.eventId);
    await sut.add(QUEUES.usageTools, call, call.eventId);

    for (const [name, jobId] of [[QUEUES.usageLog, event.eventId], [QUEUES.usageTools, call.eventId]] as const) {
      expect(await storedOptions(name, jobId)).toMatchObject({ attempts: 13, backoff: { type: 'exponential', delay: 1000 } });
    }
  });

  it('retries media.render 3 times from 2 s, doubling', async () => {
    const videoId = randomUUID();

    await sut.add(QUEUES.mediaRender, { videoId }, videoId);

    expect(await storedOptions(QUEUES.mediaRender, videoId)).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 2000 } });
  });

  it('keeps the default 5 attempts for the other queues', async () => {
    const jobId = randomUUID();

    await sut.add(QUEUES.identityMail, { email: 'someone@example.com' }, jobId);

    expect(await storedOptions(QUEUES.identityMail, jobId)).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 1000 } });
  });

  it('lets the jobs its workers hold finish in beforeApplicationShutdown, before any connection closes', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    let finished = false;
    sut.work(QUEUES.identityMail, async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });

    await sut.add(QUEUES.identityMail, { email: 'slow@example.com' });
    await running;
    await sut.beforeApplicationShutdown();

    expect(finished).toBe(true);
  });

  it('refuses a job within about a second, as unavailable, while its Redis is away', async () => {
    const nowhere = new QueueFactory({ redisUrl: 'redis://127.0.0.1:1', prefix });
    try {
      const started = Date.now();
      await expect(nowhere.add(QUEUES.usageLog, usageEvent())).rejects.toBeInstanceOf(UnavailableError);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await nowhere.onApplicationShutdown();
    }
  });

  it('tells onGivenUp of a job that failed beyond retry', async () => {
    const givenUp = new Promise<string>((resolve) => {
      sut.work(QUEUES.identityMail, async () => { throw new UnrecoverableError('address rejected'); }, { onGivenUp: (_job, reason) => resolve(reason) });
    });
    await sut.add(QUEUES.identityMail, { email: 'bounce@example.com' });
    await expect(givenUp).resolves.toBe('address rejected');
  });

  it('tells onGivenUp of a job failed for stalling too often (BullMQ reports it only as stalled)', async () => {
    // A prefix of its own: BullMQ runs one stalled check per interval per queue, and the other tests' workers check every 30 s.
    const own = { redisUrl: INFRA.redisUrl, prefix: `${prefix}stalled:` };
    const locks = { lockDuration: 500, stalledInterval: 300, maxStalledCount: 0 };
    const [holder, successor] = [new QueueFactory(own), new QueueFactory(own)];
    try {
      let taken!: () => void;
      const inHand = new Promise<void>((resolve) => { taken = resolve; });
      const doomed = holder.work(QUEUES.identityMail, async () => { taken(); await new Promise(() => undefined); }, { locks });
      await holder.add(QUEUES.identityMail, { email: 'stalled@example.com' });
      await inHand;
      // Gone without a word, as a killed process would be: its lock is no longer renewed.
      await doomed.close(true);
      const givenUp = new Promise<string>((resolve) => {
        successor.work(QUEUES.identityMail, async () => undefined, { locks, onGivenUp: (_job, reason) => resolve(reason) });
      });
      await expect(givenUp).resolves.toBe('job stalled more than allowable limit');
    } finally {
      for (const factory of [holder, successor]) {
        await factory.beforeApplicationShutdown();
        await factory.onApplicationShutdown();
      }
    }
  });
});
