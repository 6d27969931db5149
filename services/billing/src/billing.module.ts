import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule, OutboxModule } from '@platform/messaging';
import { AccountsService } from './accounts/accounts.service.js';
import { BillingHandlers } from './accounts/billing.handlers.js';
import { BillingService } from './accounts/billing.service.js';
import { CreditPurchases } from './accounts/credit-purchases.js';
import { PlanChanges } from './accounts/plan-changes.js';
import type { BillingEnv } from './billing.env.js';
import { BILLING_ENV } from './billing.tokens.js';
import { ByokKeys } from './byok/byok-keys.js';
import { ByokService } from './byok/byok.service.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { billingDatabase } from './database.js';
import { PaymentProcessor } from './processor/payment-processor.js';
import { SubscriptionDeployHandlers } from './subscriptions/subscription-deploy.handlers.js';
import { SubscriptionDeployService } from './subscriptions/subscription-deploy.service.js';
import { SubscriptionLifecycle } from './subscriptions/subscription-lifecycle.js';
import { DailyUnits } from './usage/daily-units.js';
import { WalletTopUps } from './webhooks/wallet-top-ups.js';
import { WebhookHandlers } from './webhooks/webhook.handlers.js';
import { WebhookService } from './webhooks/webhook.service.js';

export const BILLING_SERVICE = 'billing';

@Module({})
export class BillingModule {
  static forRoot(env: BillingEnv): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, billingDatabase),
        MessagingModule.forService(BILLING_SERVICE, env),
        OutboxModule.forRoot(env),
      ],
      controllers: [BillingHandlers, WebhookHandlers, SubscriptionDeployHandlers],
      providers: [
        { provide: BILLING_ENV, useValue: env },
        PaymentProcessor,
        ByokKeys,
        AccountsService,
        PlanChanges,
        CreditPurchases,
        WalletTopUps,
        SubscriptionLifecycle,
        SubscriptionDeployService,
        CheckoutService,
        ByokService,
        DailyUnits,
        BillingService,
        WebhookService,
      ],
    };
  }
}
