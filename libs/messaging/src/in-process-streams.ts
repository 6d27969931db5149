import { StreamProducer, type FrameKind } from './stream-producer.js';

/** What an in-process producer hands its consumer: a frame as the NATS consumer would receive it, in order. */
export interface FrameSink {
  readonly inbox: string;
  deliver(kind: FrameKind, data: string): void;
  attach(producer: InProcessStreamProducer): void;
  /** Subscribes the inbox on NATS, where a producer in another process publishes. */
  listen(): void;
}

const consumers = new Map<string, FrameSink>();
/** Inboxes of requests a handler in this process took (RpcClient's in-process call): only their streams skip NATS. */
const expected = new Set<string>();

/**
 * Streams whose request a service hosted in this process answers (in-process-handlers.ts): the
 * producer hands each frame straight to the consumer instead of publishing it to the consumer's
 * inbox. Only a stream whose request went to an in-process handler is handed over this way, so
 * services that merely share a process (as in tests) still stream over NATS.
 */
export const inProcessStreams = {
  opened(consumer: FrameSink): void {
    consumers.set(consumer.inbox, consumer);
  },
  closed(consumer: FrameSink): void {
    consumers.delete(consumer.inbox);
    expected.delete(consumer.inbox);
  },
  expect(inbox: string): void {
    if (consumers.has(inbox)) expected.add(inbox);
  },
  /** The request naming this inbox is about to go over NATS: its consumer subscribes first, so nothing published to it is missed. */
  overNats(inbox: string): void {
    consumers.get(inbox)?.listen();
  },
  /** The consumer of a stream this process both asked for and answers; undefined: stream over NATS. */
  claim(inbox: string): FrameSink | undefined {
    if (!expected.delete(inbox)) return undefined;
    return consumers.get(inbox);
  },
};

/**
 * The producer of a stream whose consumer is in this process: each frame is delivered at once, with
 * no beats (the consumer does not time silence then: neither end can vanish without the other), and
 * the consumer calls `readerLeft` itself when its reader goes.
 */
export class InProcessStreamProducer extends StreamProducer {
  constructor(private readonly consumer: FrameSink) {
    super();
    consumer.attach(this);
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  protected send(kind: FrameKind, data: string): void {
    this.consumer.deliver(kind, data);
  }
}
