import { Logger } from '@nestjs/common';
import { ServerNats, type CustomTransportStrategy, type NatsContext } from '@nestjs/microservices';
import { Empty, type Msg } from '@nats-io/transport-node';
import { Dependency } from '@platform/config';
import { followStatus } from './nats-link.js';
import { PROGRESS_INTERVAL_MS, PROGRESS_LIMIT_MS, progressHeaders } from './rpc-progress.js';

type NatsServerOptions = ConstructorParameters<typeof ServerNats>[0] & { queue: string };
type NatsConnection = Parameters<ServerNats['bindEvents']>[0];

/**
 * The NestJS NATS server, subscribing every `@MessagePattern` subject under NATS_PREFIX.
 * Patterns stay the plain constants of libs/contracts; only the wire subject gains the prefix,
 * which is what lets parallel test files and environments share one NATS server. Closing the
 * connection ends these subscriptions, so none are tracked here.
 *
 * While a handler works, its caller hears a progress report every PROGRESS_INTERVAL_MS
 * (rpc-progress.ts): silence then means this replica is gone, and the caller fails at once.
 */
export class PrefixedNatsServer extends ServerNats implements CustomTransportStrategy {
  /** The handlers' own connection; startService registers it with the service's readiness. */
  readonly link = new Dependency('nats-handlers', new Logger('Nats'));
  private readonly queue: string;
  private subscribed: Promise<void> = Promise.resolve();

  constructor(private readonly prefix: string, options: NatsServerOptions) {
    super(options);
    this.queue = options.queue;
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

  /** Reports "listening" only once the server has every subscription, so the first request finds a responder. */
  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) return callback(error);
      this.subscribed.then(() => callback(), callback);
    });
  }

  override getPublisher(message: Msg, id: string, context: NatsContext): (response: unknown) => unknown {
    const publish = super.getPublisher(message, id, context);
    if (!message.reply) return publish;
    const started = Date.now();
    const progress = setInterval(() => {
      if (Date.now() - started > PROGRESS_LIMIT_MS) return clearInterval(progress);
      try {
        message.respond(Empty, { headers: progressHeaders() });
      } catch {
        // The connection is closing; the caller's silence limit ends its wait.
        clearInterval(progress);
      }
    }, PROGRESS_INTERVAL_MS);
    return (response: unknown) => {
      clearInterval(progress);
      return publish(response);
    };
  }

  /** Disconnects and reconnects go to readiness, logged once per outage, instead of Nest's line per event. */
  override async handleStatusUpdates(client: NatsConnection): Promise<void> {
    await followStatus(client, this.link);
  }
}
