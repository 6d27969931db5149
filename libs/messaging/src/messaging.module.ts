import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ReadinessModule } from '@platform/config';
import { EventBus } from './event-bus.js';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';
import { natsConnectOptions } from './nats-connect.js';
import { NatsLink } from './nats-link.js';
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
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      imports: [ReadinessModule],
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        { provide: NATS_CONNECTION, useFactory: () => connect(natsConnectOptions(options.natsUrl, options.serviceName)) },
        NatsConnectionCloser,
        NatsLink,
        RpcClient,
        EventBus,
      ],
      exports: [MESSAGING_OPTIONS, NATS_CONNECTION, NatsLink, RpcClient, EventBus],
    };
  }
}
