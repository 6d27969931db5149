import { createInbox, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { STREAM_HEADERS, STREAM_SILENCE_MS, streamCancelSubject, type StreamKind } from '@platform/contracts';
import { inProcessStreams, type FrameSink, type InProcessStreamProducer } from './in-process-streams.js';

/** What a consumer yields: pieces of the answer, then one `end` or `error` (whose data the producer wrote). */
export interface StreamFrame {
  kind: Exclude<StreamKind, 'beat'>;
  data: string;
}

/** The stream cannot be trusted any more: a message lost or reordered, or the producer gone silent. */
export class StreamBrokenError extends Error {}

/** How often a waiting consumer checks for silence. */
const SILENCE_CHECK_MS = 250;

/**
 * The receiving end of a stream: a fresh inbox, subscribed on NATS when the request naming it goes
 * over NATS (RpcClient calls `listen` before sending it, so nothing published to it is missed), and
 * a queue of what arrives until it is read. Frames come
 * out in sequence order or not at all: a gap or a reordering fails the stream rather than
 * delivering a garbled answer. Silence is timed from the first read, since before it the request
 * is still being answered (and the RPC client times that). A producer in this process
 * (in-process-streams.ts) hands frames over directly instead, and is told directly when the reader leaves.
 */
export class StreamConsumer implements AsyncIterable<StreamFrame>, FrameSink {
  readonly inbox = createInbox();
  private subscription?: Subscription;
  private readonly queue: StreamFrame[] = [];
  private waiter?: { resolve: (frame: StreamFrame | null) => void; reject: (error: Error) => void };
  private broken?: StreamBrokenError;
  private expected = 0;
  private heardAt = 0;
  private reading = false;
  private done = false;
  /** An end, an error or a break arrived: the producer has stopped, and a cancel would reach nobody. */
  private finished = false;
  private silenceTimer?: NodeJS.Timeout;
  private producerHere?: InProcessStreamProducer;

  constructor(private readonly nats: NatsConnection, private readonly silenceMs = STREAM_SILENCE_MS) {
    inProcessStreams.opened(this);
  }

  /** Not before: a request a handler in this process answers streams without NATS, and a subscription would cost it two writes to the server. */
  listen(): void {
    if (this.subscription || this.done) return;
    this.subscription = this.nats.subscribe(this.inbox, { callback: (error, message) => (error ? this.break(error.message) : this.receive(message)) });
  }

  /** The next frame; null once the stream has ended or failed and everything before was read. */
  next(): Promise<StreamFrame | null> {
    if (!this.reading) this.startReading();
    const frame = this.queue.shift();
    if (frame) return Promise.resolve(frame);
    if (this.broken) return Promise.reject(this.broken);
    if (this.done) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamFrame> {
    for (let frame = await this.next(); frame; frame = await this.next()) yield frame;
  }

  /**
   * Tells the producer to stop (the reader went away), then closes. Said again on every call until
   * the stream finished: a reader that left before the producer listened (during admission) is
   * heard from the requester's cleanup once the producer has said it started.
   */
  cancel(): void {
    if (this.producerHere) {
      if (!this.finished) this.producerHere.readerLeft();
      return this.close();
    }
    try {
      if (!this.finished) this.nats.publish(streamCancelSubject(this.inbox));
    } catch (error) {
      // Closed, or past the last flush of a drain at shutdown: the producer's own silence ends it.
      if (!this.nats.isClosed() && !this.nats.isDraining()) throw error;
    }
    this.close();
  }

  close(): void {
    this.done = true;
    this.unsubscribe();
    this.wake(null);
  }

  /** A producer in this process took the stream over: its frames come by `deliver`, and it cannot go silent unnoticed. */
  attach(producer: InProcessStreamProducer): void {
    this.producerHere = producer;
    clearInterval(this.silenceTimer);
  }

  deliver(kind: StreamFrame['kind'], data: string): void {
    if (this.done) return;
    const frame = { kind, data };
    if (kind !== 'chunk') this.finish();
    if (this.waiter) this.wake(frame);
    else this.queue.push(frame);
  }

  private startReading(): void {
    this.reading = true;
    if (this.producerHere) return;
    this.heardAt = Date.now();
    this.silenceTimer = setInterval(() => {
      if (Date.now() - this.heardAt >= this.silenceMs) this.break(`no message for ${this.silenceMs} ms`);
    }, Math.min(SILENCE_CHECK_MS, this.silenceMs));
    this.silenceTimer.unref();
  }

  private receive(message: Msg): void {
    if (this.done) return;
    this.heardAt = Date.now();
    const kind = message.headers?.get(STREAM_HEADERS.kind) as StreamKind | undefined;
    if (kind === 'beat') return;
    const seq = Number(message.headers?.get(STREAM_HEADERS.seq));
    if (seq !== this.expected) return this.break(`expected message ${this.expected}, got ${seq}`);
    this.expected += 1;
    if (kind !== 'chunk' && kind !== 'end' && kind !== 'error') return this.break(`unknown message kind ${String(kind)}`);
    this.deliver(kind, message.string());
  }

  private break(reason: string): void {
    if (this.done) return;
    this.broken = new StreamBrokenError(reason);
    this.finish();
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(this.broken);
  }

  private finish(): void {
    this.done = true;
    this.finished = true;
    this.unsubscribe();
  }

  private unsubscribe(): void {
    clearInterval(this.silenceTimer);
    if (this.subscription && !this.subscription.isClosed()) this.subscription.unsubscribe();
    inProcessStreams.closed(this);
  }

  private wake(frame: StreamFrame | null): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve(frame);
  }
}
