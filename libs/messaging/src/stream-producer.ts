import { headers, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { STREAM_BEAT_MS, STREAM_HEADERS, streamCancelSubject, type StreamKind } from '@platform/contracts';

/** A frame a producer sends: a piece of the answer, or its last message. */
export type FrameKind = Exclude<StreamKind, 'beat'>;

/**
 * The sending end of a stream, over NATS or (consumer and producer in one process) handed over
 * directly: chunks until the end or an error, nothing after the last one or a close, and
 * `cancelled` aborting when the reader stops, so the owner aborts its own work (the vendor call) with it.
 */
export abstract class StreamProducer {
  private readonly controller = new AbortController();
  private closed = false;

  get cancelled(): AbortSignal {
    return this.controller.signal;
  }

  /** Resolves once a cancel sent from now on will be heard. */
  abstract ready(): Promise<void>;

  chunk(data: string): void {
    if (!this.closed) this.send('chunk', data);
  }

  end(): void {
    this.last('end', '');
  }

  fail(data: string): void {
    this.last('error', data);
  }

  /** Stops without a last message: for an answer that went out as an ordinary reply instead. */
  close(): void {
    this.closed = true;
  }

  /** The reader stopped reading. */
  readerLeft(): void {
    this.close();
    this.controller.abort(new Error('the stream was cancelled by its reader'));
  }

  protected abstract send(kind: FrameKind, data: string): void;

  private last(kind: 'end' | 'error', data: string): void {
    if (this.closed) return;
    this.send(kind, data);
    this.close();
  }
}

/**
 * The sending end of a stream over NATS: each chunk is published to the requester's inbox the
 * moment it is given, as its own message, numbered so the consumer notices a loss. While nothing is
 * sent it beats, so the consumer can tell a slow answer from a dead producer; the reader's cancel
 * comes as a message on `<inbox>.cancel`.
 */
export class NatsStreamProducer extends StreamProducer {
  private readonly cancelSubscription: Subscription;
  private readonly beat: NodeJS.Timeout;
  private seq = 0;
  private sentAt = Date.now();

  constructor(private readonly nats: NatsConnection, private readonly inbox: string, beatMs = STREAM_BEAT_MS) {
    super();
    this.cancelSubscription = nats.subscribe(streamCancelSubject(inbox), { max: 1, callback: () => this.readerLeft() });
    this.beat = setInterval(() => {
      if (Date.now() - this.sentAt >= beatMs) this.publish('beat', '');
    }, beatMs);
    this.beat.unref();
  }

  /** Listening for a cancel before the first chunk goes out, so a cancel sent right away is heard. */
  ready(): Promise<void> {
    return this.nats.flush();
  }

  /** Stops beating and listening too. */
  override close(): void {
    super.close();
    clearInterval(this.beat);
    if (!this.cancelSubscription.isClosed()) this.cancelSubscription.unsubscribe();
  }

  protected send(kind: FrameKind, data: string): void {
    this.publish(kind, data);
  }

  private publish(kind: StreamKind, data: string): void {
    const meta = headers();
    meta.set(STREAM_HEADERS.kind, kind);
    if (kind !== 'beat') meta.set(STREAM_HEADERS.seq, String(this.seq++));
    this.sentAt = Date.now();
    // A connection closed under the producer, or past the last flush of a drain at shutdown (where a
    // publish throws), loses the rest: the consumer's silence check ends the stream.
    try {
      this.nats.publish(this.inbox, data, { headers: meta });
    } catch (error) {
      if (!this.nats.isClosed() && !this.nats.isDraining()) throw error;
    }
  }
}
