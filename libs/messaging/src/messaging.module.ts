import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { ReadinessModule } from '@platform/config';
import { connectNats } from './coalescing-transport.js';
import { EventBus } from './event-bus.js';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';
import { natsConnectOptions } from './nats-connect.js';
import { NatsLink } from './nats-link.js';
import { NatsStreams } from './nats-streams.js';

/** What a service's env gives its messaging: CommonEnv's NATS settings and its own request timeout. */
export interface ServiceMessagingEnv {
  NATS_URL: string;
  NATS_PREFIX: string;
  NATS_REQUEST_TIMEOUT_MS: number;
}
import { RpcClient } from './rpc.client.js';

class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.nats.drain().catch(() => undefined);
  }
}

@Global()
@Module({})
export class MessagingModule {
  /** A service's own wiring, from its env: every service connects the same way. */
  static forService(serviceName: string, env: ServiceMessagingEnv): DynamicModule {
    return MessagingModule.forRoot({
      natsUrl: env.NATS_URL,
      prefix: env.NATS_PREFIX,
      serviceName,
      requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    });
  }

  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      imports: [ReadinessModule],
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(natsConnectOptions(options.natsUrl, options.serviceName)) },
        NatsConnectionCloser,
        NatsLink,
        RpcClient,
        EventBus,
        NatsStreams,
      ],
      exports: [MESSAGING_OPTIONS, NATS_CONNECTION, NatsLink, RpcClient, EventBus, NatsStreams],
    };
  }
}
