import type { ServiceDatabase } from '@platform/database';
import { OutboxEventEntity } from '@platform/messaging';
import { AccountEntity } from './accounts/account.entity.js';
import { BillingInitial1764100000000 } from './migrations/1764100000000-billing-initial.js';
import { SubscriptionEntity } from './subscriptions/subscription.entity.js';
import { WebhookEventEntity } from './webhooks/webhook-event.entity.js';

export const billingDatabase: ServiceDatabase = {
  schema: 'billing',
  entities: [AccountEntity, SubscriptionEntity, WebhookEventEntity, OutboxEventEntity],
  migrations: [BillingInitial1764100000000],
};
