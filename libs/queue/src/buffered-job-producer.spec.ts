import { randomUUID } from 'node:crypto';
import { afterDeferredWork } from '@platform/config';
import { ApiError, UnavailableError, usageLogFailedLine, type JobOf, type QueueName } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { BufferedJobProducer, type JobSink } from './buffered-job-producer.js';

type UsageJob = JobOf<'usage.log'>;

const usage = (n: number): UsageJob => ({
  eventId: randomUUID(), userId: `user-${n}`, agentId: 'agent', model: 'openai/gpt-4o', provider: 'openai',
  inputTokens: n, outputTokens: 1, endpoint: '/api/ai/chat', occurredAt: new Date().toISOString(),
});

/** A queue that refuses while `down` is true and records what it accepted. */
class FakeSink implements JobSink {
  down = false;
  hangs = false;
  failWith: Error = new Error('Connection is closed.');
  readonly accepted: { name: QueueName; data: unknown; jobId?: string }[] = [];

  async add<Q extends QueueName>(name: Q, data: JobOf<Q>, jobId?: string): Promise<void> {
    if (this.hangs) return new Promise(() => undefined);
    if (this.down) throw this.failWith;
    this.accepted.push({ name, data, jobId });
  }
}

/** Until the jobs enqueued so far have been offered (the next turn of the event loop). */
const settle = afterDeferredWork;

describe('BufferedJobProducer', () => {
  let sink: FakeSink;
  let logged: unknown[];
  let sut: BufferedJobProducer<'usage.log'>;

  let metrics: ServiceMetrics;

  const producer = (capacity: number, sendTimeoutMs = 1000) => new BufferedJobProducer(sink, 'usage.log', {
    capacity, retryIntervalMs: 3_600_000, sendTimeoutMs, failureLine: usageLogFailedLine, metrics,
  }, { error: (line: unknown) => logged.push(line) } as never);

  beforeEach(() => {
    sink = new FakeSink();
    logged = [];
    metrics = new ServiceMetrics();
  });

  afterEach(async () => {
    sink.down = false;
    sink.hangs = false;
    await sut?.close();
  });

  it('hands a job to the queue with its id, without the caller waiting', async () => {
    sut = producer(10);
    const job = usage(1);
    expect(sut.enqueue(job, job.eventId)).toBeUndefined();
    await settle();
    expect(sink.accepted).toEqual([{ name: 'usage.log', data: job, jobId: job.eventId }]);
  });

  it('holds jobs while the queue refuses and delivers them in order once it answers', async () => {
    sut = producer(10);
    sink.down = true;
    const jobs = [usage(1), usage(2), usage(3)];
    for (const job of jobs) sut.enqueue(job, job.eventId);
    await settle();
    expect(sut.pending).toBe(3);
    await sut.flush();
    expect(sut.pending).toBe(3);

    sink.down = false;
    await sut.flush();

    expect(sink.accepted.map((entry) => entry.data)).toEqual(jobs);
    expect(sut.pending).toBe(0);
    expect(sut.dropped).toBe(0);
    expect(logged).toEqual([]);
  });

  it('drops only past the buffer, logging the spec line with the running drop count', async () => {
    sut = producer(2);
    sink.down = true;
    for (const n of [1, 2, 3, 4]) sut.enqueue(usage(n), randomUUID());
    await settle();

    expect(sut.pending).toBe(2);
    expect(sut.dropped).toBe(2);
    expect(logged).toEqual([1, 2].map((droppedTotal) => ({ msg: usageLogFailedLine('Connection is closed.'), droppedTotal })));
    expect(await metrics.text()).toContain('queue_jobs_dropped_total{queue="usage.log"} 2');
  });

  it('holds a job whose enqueue does not answer in time', async () => {
    sut = producer(5, 20);
    sink.hangs = true;
    sut.enqueue(usage(1), randomUUID());
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sut.pending).toBe(1);

    sink.hangs = false;
    await sut.flush();
    expect(sink.accepted).toHaveLength(1);
  });

  it('drops at once a job its payload class rejects, instead of retrying it forever', async () => {
    sut = producer(5);
    sink.down = true;
    sink.failWith = new ApiError(400, 'inputTokens must not be less than 0');
    sut.enqueue(usage(1), randomUUID());
    await settle();

    expect(sut.pending).toBe(0);
    expect(sut.dropped).toBe(1);
    expect(logged).toEqual([{ msg: usageLogFailedLine('inputTokens must not be less than 0'), droppedTotal: 1 }]);
  });

  it('holds a job the queue refuses as unavailable (Redis away), as any refusal that will pass', async () => {
    sut = producer(5);
    sink.down = true;
    sink.failWith = new UnavailableError();
    sut.enqueue(usage(1), randomUUID());
    await settle();

    expect(sut.pending).toBe(1);
    expect(sut.dropped).toBe(0);
  });

  it('offers what it holds once more on close', async () => {
    sut = producer(5);
    sink.down = true;
    sut.enqueue(usage(1), randomUUID());
    await settle();
    sink.down = false;

    await sut.close();

    expect(sink.accepted).toHaveLength(1);
  });

  it('logs and counts what it still holds when close finds the queue down', async () => {
    sut = producer(5);
    sink.down = true;
    for (const n of [1, 2]) sut.enqueue(usage(n), randomUUID());
    await settle();

    await sut.close();

    expect(sink.accepted).toEqual([]);
    expect(sut.pending).toBe(0);
    expect(sut.dropped).toBe(2);
    expect(logged).toEqual([1, 2].map((droppedTotal) => ({ msg: usageLogFailedLine('Connection is closed.'), droppedTotal })));
  });

  it('drops, logged and counted, a job the queue refuses after close', async () => {
    sut = producer(5);
    await sut.close();
    sink.down = true;

    sut.enqueue(usage(1), randomUUID());
    await settle();

    expect(sut.pending).toBe(0);
    expect(sut.dropped).toBe(1);
    expect(logged).toEqual([{ msg: usageLogFailedLine('Connection is closed.'), droppedTotal: 1 }]);
  });
});
