import { connect, type NatsConnection } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';
import { INFRA } from '@platform/testing';
import { InProcessStreamProducer, inProcessStreams } from './in-process-streams.js';
import { NatsStreams } from './nats-streams.js';
import { StreamConsumer, type StreamFrame } from './stream-consumer.js';
import { NatsStreamProducer } from './stream-producer.js';

const SILENCE_MS = 100;

describe('streams answered in this process (in-process-streams.ts)', () => {
  let nats: NatsConnection;
  let streams: NatsStreams;
  let sut: StreamConsumer;
  let overNats: number;

  beforeAll(async () => {
    nats = await connect({ servers: INFRA.natsUrl });
    streams = new NatsStreams(nats);
  });

  beforeEach(async () => {
    sut = new StreamConsumer(nats, SILENCE_MS);
    overNats = 0;
    nats.subscribe(sut.inbox, { callback: () => { overNats += 1; } });
    await nats.flush();
  });

  afterEach(() => sut.close());

  afterAll(async () => {
    await nats.close();
  });

  const readAll = async (): Promise<StreamFrame[]> => {
    const frames: StreamFrame[] = [];
    for await (const frame of sut) frames.push(frame);
    return frames;
  };

  it('hands the frames of a stream asked of a handler here straight to the consumer, in order, none over NATS', async () => {
    inProcessStreams.expect(sut.inbox);
    const producer = streams.produce(sut.inbox);
    expect(producer).toBeInstanceOf(InProcessStreamProducer);
    producer.chunk('a');
    producer.chunk('b');
    producer.end();
    expect(await readAll()).toEqual([{ kind: 'chunk', data: 'a' }, { kind: 'chunk', data: 'b' }, { kind: 'end', data: '' }]);
    await nats.flush();
    expect(overNats).toBe(0);
  });

  it('streams over NATS when the request did not go to a handler in this process', async () => {
    inProcessStreams.overNats(sut.inbox);
    await nats.flush();
    const producer = streams.produce(sut.inbox);
    expect(producer).toBeInstanceOf(NatsStreamProducer);
    producer.chunk('a');
    producer.end();
    expect(await readAll()).toEqual([{ kind: 'chunk', data: 'a' }, { kind: 'end', data: '' }]);
  });

  it('aborts the producer at once when the reader leaves', () => {
    inProcessStreams.expect(sut.inbox);
    const producer = streams.produce(sut.inbox);
    sut.cancel();
    expect(producer.cancelled.aborted).toBe(true);
  });

  it('times no silence for a producer in this process: a slow first chunk still arrives', async () => {
    inProcessStreams.expect(sut.inbox);
    const producer = streams.produce(sut.inbox);
    const first = sut.next();
    await sleep(SILENCE_MS * 3);
    producer.chunk('late');
    await expect(first).resolves.toEqual({ kind: 'chunk', data: 'late' });
    producer.end();
  });

  it('subscribes nothing on NATS for a stream asked of a handler here: a request to its inbox finds no responder', async () => {
    const consumer = new StreamConsumer(nats, SILENCE_MS);
    inProcessStreams.expect(consumer.inbox);
    try {
      await expect(nats.request(consumer.inbox, '', { timeout: 5000 })).rejects.toThrow(/no responders/i);
    } finally {
      consumer.close();
    }
  });

  it('forgets a consumer once closed: a producer that comes later streams over NATS', () => {
    inProcessStreams.expect(sut.inbox);
    sut.close();
    expect(streams.produce(sut.inbox)).toBeInstanceOf(NatsStreamProducer);
  });
});
