import { Logger } from '@nestjs/common';
import { ServerNats, type CustomTransportStrategy, type NatsContext } from '@nestjs/microservices';
import { Empty, type Msg } from '@nats-io/transport-node';
import { Dependency } from '@platform/config';
import { connectNats } from './coalescing-transport.js';
import { followStatus } from './nats-link.js';
import { failureOf } from './reply.interceptor.js';
import { PROGRESS_HEADERS, PROGRESS_INTERVAL_MS, PROGRESS_LIMIT_MS, wantsProgress } from './rpc-progress.js';

const logger = new Logger('Nats');

type NatsServerOptions = ConstructorParameters<typeof ServerNats>[0] & { queue: string };
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
 */
export class PrefixedNatsServer extends ServerNats implements CustomTransportStrategy {
  /** The handlers' own connection, not ready until every subscription is in place; startService registers it. */
  readonly link = new Dependency('nats-handlers', logger, { startsDown: true });
  private readonly queue: string;
  private readonly inHand = new Map<Msg, number>();
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
    clearInterval(this.ticker);
    this.inHand.clear();
    await super.close();
  }

  override getPublisher(message: Msg, id: string, context: NatsContext): (response: unknown) => unknown {
    const publish = super.getPublisher(message, id, context);
    if (!message.reply) return publish;
    if (wantsProgress(message)) this.inHand.set(message, Date.now());
    return (packet: unknown) => {
      this.inHand.delete(message);
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
