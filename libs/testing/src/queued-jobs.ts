import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { EnvSource } from '@platform/config';
import type { JobOf, QueueName } from '@platform/contracts';

/** The jobs a test file's services put on a BullMQ queue (under its REDIS_PREFIX), in any state. */
export async function queuedJobs<Q extends QueueName>(env: EnvSource, name: Q): Promise<{ id: string; data: JobOf<Q> }[]> {
  const connection = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: `${env.REDIS_PREFIX}bull` });
  try {
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized']);
    return jobs.map((job) => ({ id: String(job.id), data: job.data as JobOf<Q> }));
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
