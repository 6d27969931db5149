import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EventBus } from './event-bus.js';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';
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
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        {
          provide: NATS_CONNECTION,
          // noAsyncTraces: no stack captured per request; it cost the gateway ~15% CPU under load.
          useFactory: () => connect({ servers: options.natsUrl, name: options.serviceName, noAsyncTraces: true }),
        },
        NatsConnectionCloser,
        RpcClient,
        EventBus,
      ],
      exports: [MESSAGING_OPTIONS, NATS_CONNECTION, RpcClient, EventBus],
    };
  }
}
