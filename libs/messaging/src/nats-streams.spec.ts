import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { STREAM_HEADERS, streamCancelSubject } from '@platform/contracts';
import { INFRA } from '@platform/testing';
import { StreamBrokenError, StreamConsumer, type StreamFrame } from './stream-consumer.js';
import { NatsStreamProducer } from './stream-producer.js';

/** Long enough that a loaded machine's pauses between beats (a third of it) do not read as silence. */
const SILENCE_MS = 1000;

describe('NatsStreamProducer and StreamConsumer', () => {
  let requester: NatsConnection;
  let answerer: NatsConnection;
  let sut: StreamConsumer;

  beforeAll(async () => {
    requester = await connect({ servers: INFRA.natsUrl });
    answerer = await connect({ servers: INFRA.natsUrl });
  });

  beforeEach(async () => {
    sut = new StreamConsumer(requester, SILENCE_MS);
    sut.listen();
    await requester.flush();
  });

  afterEach(() => sut.close());

  afterAll(async () => {
    await requester.close();
    await answerer.close();
  });

  const readAll = async (consumer: StreamConsumer): Promise<StreamFrame[]> => {
    const frames: StreamFrame[] = [];
    for await (const frame of consumer) frames.push(frame);
    return frames;
  };

  /** A message as a producer would publish it, with any sequence number. */
  const publishRaw = (kind: string, seq: number, data = '') => {
    const meta = headers();
    meta.set(STREAM_HEADERS.kind, kind);
    meta.set(STREAM_HEADERS.seq, String(seq));
    answerer.publish(sut.inbox, data, { headers: meta });
  };

  it('delivers each chunk as its own message, in order, then the end', async () => {
    const producer = new NatsStreamProducer(answerer, sut.inbox);
    producer.chunk('a');
    producer.chunk('b');
    producer.end();
    expect(await readAll(sut)).toEqual([{ kind: 'chunk', data: 'a' }, { kind: 'chunk', data: 'b' }, { kind: 'end', data: '' }]);
  });

  it('hands a chunk to a waiting reader before the producer has finished', async () => {
    const producer = new NatsStreamProducer(answerer, sut.inbox);
    const first = sut.next();
    producer.chunk('early');
    await expect(first).resolves.toEqual({ kind: 'chunk', data: 'early' });
    producer.end();
  });

  it('ends with the producer\'s error frame', async () => {
    const producer = new NatsStreamProducer(answerer, sut.inbox);
    producer.chunk('a');
    producer.fail('{"error":"upstream"}');
    producer.chunk('after the error');
    expect(await readAll(sut)).toEqual([{ kind: 'chunk', data: 'a' }, { kind: 'error', data: '{"error":"upstream"}' }]);
  });

  it('fails on a lost message', async () => {
    publishRaw('chunk', 0, 'a');
    publishRaw('chunk', 2, 'c');
    await expect(sut.next()).resolves.toEqual({ kind: 'chunk', data: 'a' });
    await expect(sut.next()).rejects.toThrow(new StreamBrokenError('expected message 1, got 2'));
  });

  it('fails when the producer goes silent, within the silence bound', async () => {
    const started = Date.now();
    await expect(sut.next()).rejects.toBeInstanceOf(StreamBrokenError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SILENCE_MS);
    // The consumer checks every 250 ms; the rest is room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(SILENCE_MS + 250 + 1000);
  });

  it('keeps a slow stream alive with beats', async () => {
    const producer = new NatsStreamProducer(answerer, sut.inbox, SILENCE_MS / 3);
    const read = sut.next();
    await new Promise((resolve) => setTimeout(resolve, SILENCE_MS * 2));
    producer.chunk('late');
    await expect(read).resolves.toEqual({ kind: 'chunk', data: 'late' });
    producer.end();
  });

  it('cancels a producer that started listening after the reader left, on the requester\'s next cancel', async () => {
    sut.cancel();
    // The first cancel has reached the server, and gone to nobody, before the producer listens.
    await requester.flush();
    const producer = new NatsStreamProducer(answerer, sut.inbox);
    await producer.ready();
    expect(producer.cancelled.aborted).toBe(false);

    sut.cancel();

    await new Promise<void>((resolve) => producer.cancelled.addEventListener('abort', () => resolve()));
    producer.close();
  });

  it('throws nothing from a producer whose connection closed under it (shutdown): the consumer times the silence', async () => {
    const closing = await connect({ servers: INFRA.natsUrl });
    const producer = new NatsStreamProducer(closing, sut.inbox);
    await closing.close();

    expect(() => producer.chunk('late')).not.toThrow();
    expect(() => producer.fail('gone')).not.toThrow();
  });

  it('throws nothing from a consumer cancelled after its connection closed (shutdown)', async () => {
    const closing = await connect({ servers: INFRA.natsUrl });
    const consumer = new StreamConsumer(closing, SILENCE_MS);
    await closing.close();

    expect(() => consumer.cancel()).not.toThrow();
  });

  it('aborts the producer\'s signal when the consumer cancels', async () => {
    const producer = new NatsStreamProducer(answerer, sut.inbox);
    await producer.ready();
    sut.cancel();
    await new Promise<void>((resolve) => producer.cancelled.addEventListener('abort', () => resolve()));
    expect(producer.cancelled.aborted).toBe(true);
  });

  it('publishes the cancel on <inbox>.cancel', async () => {
    const heard = new Promise<string>((resolve) => {
      answerer.subscribe(streamCancelSubject(sut.inbox), { max: 1, callback: (_error, message) => resolve(message.subject) });
    });
    await answerer.flush();
    sut.cancel();
    await expect(heard).resolves.toBe(`${sut.inbox}.cancel`);
  });
});
