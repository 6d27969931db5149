import { Logger } from '@nestjs/common';
import { NatsContext, ServerNats, type CustomTransportStrategy } from '@nestjs/microservices';
import { Empty, type Msg } from '@nats-io/transport-node';
import { isSpanContextValid, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { Dependency } from '@platform/config';
import { ATTR_MESSAGING_DESTINATION_NAME, ATTR_MESSAGING_SYSTEM, contextFrom, startHopSpan, withSpan } from '@platform/tracing';
import { connectNats } from './coalescing-transport.js';
import { inProcessHandlers, wireCopy, type InProcessHandler, type ReplyPacket } from './in-process-handlers.js';
import { followStatus } from './nats-link.js';
import { NATS_HEADERS_GETTER } from './nats-trace.js';
import { failureOf } from './reply.interceptor.js';
import { PROGRESS_HEADERS, PROGRESS_INTERVAL_MS, PROGRESS_LIMIT_MS, wantsProgress } from './rpc-progress.js';

const logger = new Logger('Nats');

const SERVER_SPAN = { kind: SpanKind.SERVER };

/**
 * The span a request is handled in, the child of the caller's; none when there is no trace to carry.
 * One sampled out is only carried (startHopSpan: the caller's own span, no ids drawn): it gets no attributes.
 */
function processSpan(channel: string, parent: Context): Span | undefined {
  const span = startHopSpan(`process ${channel}`, SERVER_SPAN, parent);
  if (!span.isRecording()) return isSpanContextValid(span.spanContext()) ? span : undefined;
  span.setAttributes({ [ATTR_MESSAGING_SYSTEM]: 'nats', [ATTR_MESSAGING_DESTINATION_NAME]: channel });
  return span;
}

function endProcessSpan(span: Span, packet: ReplyPacket): void {
  if (failed(packet)) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** A route's reply that is a server failure; a query's failure is Nest's `err`. */
function failed(packet: ReplyPacket): boolean {
  const status = (packet.response as { status?: unknown } | undefined)?.status;
  return (packet.err !== undefined && packet.err !== null) || (typeof status === 'number' && status >= 500);
}

type NatsServerOptions = ConstructorParameters<typeof ServerNats>[0] & {
  queue: string;
  /** Also answer this process's own callers directly (in-process-handlers.ts). */
  answerInProcess?: boolean;
};
type NatsConnection = Parameters<ServerNats['bindEvents']>[0];

/**
 * The NestJS NATS server, subscribing every `@MessagePattern` subject under NATS_PREFIX.
 * Patterns stay the plain constants of libs/contracts; only the wire subject gains the prefix,
 * which is what lets parallel test files and environments share one NATS server. Closing the
 * connection ends these subscriptions, so none are tracked here.
 *
 * While a handler works, a caller that asked for it hears a progress report about every
 * PROGRESS_INTERVAL_MS (rpc-progress.ts): silence then means this replica is gone. One ticker
 * serves every request in hand, so a request costs no timer of its own.
 *
 * Each request is handled inside a server span, the child of the caller's span when its headers
 * carry a trace context (nats-trace.ts), ended when the reply leaves.
 */
export class PrefixedNatsServer extends ServerNats implements CustomTransportStrategy {
  /** The handlers' own connection, not ready until every subscription is in place; startService registers it. */
  readonly link = new Dependency('nats-handlers', logger, { startsDown: true });
  private readonly queue: string;
  private readonly inHand = new Map<Msg, number>();
  private readonly replySpans = new WeakMap<Msg, Span>();
  private readonly answeredHere = new Map<string, InProcessHandler>();
  private readonly ticker: NodeJS.Timeout;
  private subscribed: Promise<void> = Promise.resolve();

  constructor(private readonly prefix: string, private readonly connectOptions: NatsServerOptions) {
    super(connectOptions);
    this.queue = connectOptions.queue;
    this.ticker = setInterval(() => this.reportProgress(), PROGRESS_INTERVAL_MS);
    this.ticker.unref();
  }

  override bindEvents(client: NatsConnection): void {
    for (const channel of this.messageHandlers.keys()) {
      client.subscribe(`${this.prefix}${channel}`, {
        queue: this.queue,
        callback: this.getMessageHandler(channel).bind(this),
      });
      if (this.connectOptions.answerInProcess) this.answerHere(channel);
    }
    this.subscribed = client.flush();
  }

  /** The handlers' connection coalesces its writes, like every other (coalescing-transport.ts). */
  override createNatsClient(): Promise<NatsConnection> {
    return connectNats(this.connectOptions);
  }

  /**
   * Patterns are the plain subject strings of libs/contracts, never JSON: Nest's version tries
   * JSON.parse first, which threw (and was caught) on every message a handler received.
   */
  override getRouteFromPattern(pattern: string): string {
    return pattern;
  }

  /** Reports "listening" (and ready) only once the server has every subscription, so the first request finds a responder. */
  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) return callback(error);
      this.subscribed.then(() => {
        this.link.recovered();
        callback();
      }, callback);
    });
  }

  override async close(): Promise<void> {
    for (const [subject, handler] of this.answeredHere) inProcessHandlers.remove(subject, handler);
    this.answeredHere.clear();
    clearInterval(this.ticker);
    this.inHand.clear();
    await super.close();
  }

  /**
   * Runs the handler inside its span; one without a reply (nobody waits) ends when the handler does.
   * A span sampled out is only carried: nothing is kept to end it, and no attributes are made.
   */
  override handleMessage(channel: string, message: Msg): Promise<unknown> {
    const parent = contextFrom(message.headers, NATS_HEADERS_GETTER);
    const span = processSpan(channel, parent);
    if (!span?.isRecording()) return span ? withSpan(span, parent, () => this.dispatch(channel, message)) : this.dispatch(channel, message);
    if (message.reply) this.replySpans.set(message, span);
    const handled = withSpan(span, parent, () => this.dispatch(channel, message));
    return message.reply ? handled : handled.finally(() => span.end());
  }

  /**
   * ServerNats.handleMessage's work without its detours, which cost a promise each per message (and
   * on Node 20 AsyncLocalStorage's hooks run for every promise): the packet decoded as Nest's
   * deserializer does (it answers at once, so nothing awaits it), no processing hooks (none is set
   * here), and the handler's answer sent through the same `send`. Every subscribed channel has its
   * handler (bindEvents).
   */
  private async dispatch(channel: string, message: Msg): Promise<void> {
    const context = new NatsContext([message.subject, message.headers]);
    const packet = this.deserializer.deserialize(message, { channel, replyTo: message.reply }) as { id?: string; data: unknown; pattern: string };
    if (packet.id === undefined) {
      await this.handleEvent(channel, packet, context);
      return;
    }
    return this.answer(channel, packet.data, context, this.getPublisher(message, packet.id, context));
  }

  /** The channel's handler run on `data`, its answer handed to `respond` as Nest's `send` does: for NATS and in-process callers alike. */
  private answer(channel: string, data: unknown, context: NatsContext, respond: (packet: ReplyPacket) => void | Promise<unknown>): Promise<void> {
    return this.getHandlerByPattern(channel)!(data, context).then((answer) => {
      this.send(this.transformToObservable(answer), respond);
    });
  }

  override getPublisher(message: Msg, id: string, context: NatsContext): (response: unknown) => void | Promise<unknown> {
    const publish = super.getPublisher(message, id, context);
    if (!message.reply) return publish;
    if (wantsProgress(message)) this.inHand.set(message, Date.now());
    return (packet: unknown) => {
      this.inHand.delete(message);
      this.endSpan(message, packet as ReplyPacket);
      try {
        return publish(packet);
      } catch (error) {
        // Most likely a reply over NATS's max_payload: the caller gets an error now instead of silence.
        logger.error({ msg: 'Reply not sent', subject: context.getSubject(), cause: error instanceof Error ? error.message : String(error) });
        const failure = failureOf(context.getSubject().slice(this.prefix.length), error);
        return publish('reply' in failure ? { response: failure.reply, isDisposed: true } : { err: failure.remote, isDisposed: true });
      }
    };
  }

  /** Disconnects and reconnects go to readiness, logged once per outage, instead of Nest's line per event. */
  override async handleStatusUpdates(client: NatsConnection): Promise<void> {
    await followStatus(client, this.link);
  }

  private endSpan(message: Msg, packet: ReplyPacket): void {
    const span = this.replySpans.get(message);
    if (!span) return;
    this.replySpans.delete(message);
    endProcessSpan(span, packet);
  }

  /**
   * Puts the channel's handler where this process's callers find it: the same handler, interceptors,
   * span and packet as a NATS request gets, the data and the reply copied as the wire would, and no
   * progress reports (a caller in this process cannot outlive it).
   */
  private answerHere(channel: string): void {
    const subject = `${this.prefix}${channel}`;
    const handler: InProcessHandler = (data, parent) => new Promise<ReplyPacket>((resolve, reject) => {
      const context = new NatsContext([subject, undefined as never]);
      const span = processSpan(channel, parent);
      let answered = false;
      const respond = (packet: ReplyPacket) => {
        if (answered) return;
        answered = true;
        if (span?.isRecording()) endProcessSpan(span, packet);
        resolve(wireCopy(packet));
      };
      const run = () => this.answer(channel, data, context, respond);
      (span ? withSpan(span, parent, run) : run()).catch(reject);
    });
    this.answeredHere.set(subject, handler);
    inProcessHandlers.add(subject, handler);
  }

  private reportProgress(): void {
    const now = Date.now();
    for (const [message, since] of this.inHand) {
      try {
        if (now - since > PROGRESS_LIMIT_MS) throw new Error('no answer within the progress limit');
        message.respond(Empty, { headers: PROGRESS_HEADERS });
      } catch {
        // Given up, or the connection is closing: the caller's silence limit ends its wait.
        this.inHand.delete(message);
      }
    }
  }
}
