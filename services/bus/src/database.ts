import type { ServiceDatabase } from '@platform/database';
import { SubscriptionEntity } from './amplification/subscription.entity.js';
import { DeliveryEntity } from './delivery/delivery.entity.js';
import { EventEntity } from './events/event.entity.js';
import { MessageEntity } from './messages/message.entity.js';
import { BusInitial1764300000000 } from './migrations/1764300000000-bus-initial.js';
import { BusMetricsIndexes1764500000000 } from './migrations/1764500000000-bus-metrics-indexes.js';
import { NegotiationEntity } from './negotiation/negotiation.entity.js';

export const busDatabase: ServiceDatabase = {
  schema: 'bus',
  entities: [MessageEntity, DeliveryEntity, NegotiationEntity, SubscriptionEntity, EventEntity],
  migrations: [BusInitial1764300000000, BusMetricsIndexes1764500000000],
};
