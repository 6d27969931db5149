import { ServerNats, type CustomTransportStrategy } from '@nestjs/microservices';

type NatsServerOptions = ConstructorParameters<typeof ServerNats>[0] & { queue: string };
type NatsConnection = Parameters<ServerNats['bindEvents']>[0];

/**
 * The NestJS NATS server, subscribing every `@MessagePattern` subject under NATS_PREFIX.
 * Patterns stay the plain constants of libs/contracts; only the wire subject gains the prefix,
 * which is what lets parallel test files and environments share one NATS server. Closing the
 * connection ends these subscriptions, so none are tracked here.
 */
export class PrefixedNatsServer extends ServerNats implements CustomTransportStrategy {
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
}
