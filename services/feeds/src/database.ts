import type { ServiceDatabase } from '@platform/database';
import { FeedPaymentEntity } from './datafeeds/feed-payment.entity.js';
import { FeedPayments1764500000000 } from './migrations/1764500000000-feed-payments.js';

export const feedsDatabase: ServiceDatabase = {
  schema: 'feeds',
  entities: [FeedPaymentEntity],
  migrations: [FeedPayments1764500000000],
};
