import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { SubscriptionsHandlers } from './amplification/subscriptions.handlers.js';
import { Subscriptions } from './amplification/subscriptions.service.js';
import type { BusEnv } from './bus.env.js';
import { BUS_ENV } from './bus.tokens.js';
import { busDatabase } from './database.js';
import { Deliveries } from './delivery/deliveries.js';
import { DeliveryWorker } from './delivery/delivery.worker.js';
import { RuntimeDelivery } from './delivery/runtime-delivery.js';
import { PlatformQueries } from './directory/platform-queries.js';
import { EventsHandlers } from './events/events.handlers.js';
import { EventsService } from './events/events.service.js';
import { A2aCounter } from './limits/a2a-counter.js';
import { BusMetricsHandlers } from './metrics/bus-metrics.handlers.js';
import { BusMetricsService } from './metrics/bus-metrics.service.js';
import { BusSendService } from './messages/bus-send.service.js';
import { BusHandlers } from './messages/bus.handlers.js';
import { MessagesService } from './messages/messages.service.js';
import { NegotiationHandlers } from './negotiation/negotiation.handlers.js';
import { Negotiations } from './negotiation/negotiations.js';

export const BUS_SERVICE = 'bus';

@Module({})
export class BusModule {
  static forRoot(env: BusEnv): DynamicModule {
    return {
      module: BusModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, busDatabase),
        MessagingModule.forService(BUS_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [BusHandlers, SubscriptionsHandlers, EventsHandlers, NegotiationHandlers, BusMetricsHandlers],
      providers: [
        { provide: BUS_ENV, useValue: env },
        PlatformQueries,
        A2aCounter,
        Negotiations,
        Subscriptions,
        Deliveries,
        RuntimeDelivery,
        DeliveryWorker,
        BusSendService,
        MessagesService,
        EventsService,
        BusMetricsService,
      ],
    };
  }
}
