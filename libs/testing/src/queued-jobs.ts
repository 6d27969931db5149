import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { EnvSource } from '@platform/config';
import type { JobOf, QueueName } from '@platform/contracts';
import { bullPrefix } from '@platform/queue';

/** A BullMQ queue of a test file's services (under its REDIS_PREFIX), open for `read`. */
async function readQueue<T>(env: EnvSource, name: QueueName, read: (queue: Queue) => Promise<T>): Promise<T> {
  const connection = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: bullPrefix(env.REDIS_PREFIX!) });
  try {
    return await read(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The jobs a test file's services put on a BullMQ queue, in any state. */
export async function queuedJobs<Q extends QueueName>(env: EnvSource, name: Q): Promise<{ id: string; data: JobOf<Q> }[]> {
  const jobs = await readQueue(env, name, (queue) => queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized']));
  return jobs.map((job) => ({ id: String(job.id), data: job.data as JobOf<Q> }));
}

/** How many jobs of a queue are in each state (waiting, active, completed, failed, ...). */
export function queueCounts(env: EnvSource, name: QueueName): Promise<Record<string, number>> {
  return readQueue(env, name, (queue) => queue.getJobCounts());
}

/** Deletes a queue's waiting and delayed jobs, as a Redis that lost its data would: for tests of what outlives a job. */
export function loseWaitingJobs(env: EnvSource, name: QueueName): Promise<void> {
  return readQueue(env, name, (queue) => queue.drain(true));
}

/**
 * Makes a job scheduler's next tick come now: its delayed job is promoted (BullMQ `Job.promote`), so
 * a worker runs it through the real path, and the scheduler queues the tick after it as usual.
 */
export async function promoteScheduledJob(env: EnvSource, name: QueueName, schedulerId: string): Promise<string> {
  return readQueue(env, name, async (queue) => {
    const job = (await queue.getDelayed()).find((delayed) => delayed.repeatJobKey === schedulerId);
    if (!job) throw new Error(`${name}: no delayed job of scheduler ${schedulerId}`);
    await job.promote();
    return String(job.id);
  });
}
