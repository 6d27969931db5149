import { Module, type DynamicModule } from '@nestjs/common';
import { BotCheckController } from './bot-check/bot-check.controller.js';
import { BotCheckService } from './bot-check/bot-check.service.js';
import { CalendarApiController } from './calendar/calendar-api.controller.js';
import { CalendarHooksController } from './calendar/calendar-hooks.controller.js';
import { CalendarOAuthController } from './calendar/calendar-oauth.controller.js';
import { CalendarStore } from './calendar/calendar-store.service.js';
import { ChainHooksController } from './chain/chain-hooks.controller.js';
import { ChainNodes } from './chain/chain-nodes.service.js';
import { ChainRpcController } from './chain/chain-rpc.controller.js';
import { ChainTreasury } from './chain/chain-treasury.service.js';
import { Clock } from './clock.service.js';
import { FeedControls } from './feeds/feed-controls.service.js';
import { FeedHooksController } from './feeds/feed-hooks.controller.js';
import { FeedSeller } from './feeds/feed-seller.service.js';
import { FeedUpstreamController } from './feeds/feed-upstream.controller.js';
import { HungConnections } from './hung-connections.service.js';
import { CodeHostStore } from './code-host/code-host-store.service.js';
import { CodeHostController } from './code-host/code-host.controller.js';
import { IdpAccounts } from './idp/idp-accounts.service.js';
import { IdpHooksController } from './idp/idp-hooks.controller.js';
import { IdpSigningKeys } from './idp/idp-signing-keys.service.js';
import { SandboxIdp } from './idp/sandbox-idp.service.js';
import { AnthropicMessagesController } from './llm/anthropic-messages.controller.js';
import { LlmControlsController } from './llm/llm-controls.controller.js';
import { LlmControls } from './llm/llm-controls.service.js';
import { OpenAiChatController } from './llm/openai-chat.controller.js';
import { MailController } from './mail/mail.controller.js';
import { MailStore } from './mail/mail-store.service.js';
import { SmtpListener } from './mail/smtp-listener.service.js';
import { CheckoutPageController } from './payments/checkout-page.controller.js';
import { CheckoutSessionsController } from './payments/checkout-sessions.controller.js';
import { CheckoutSessions } from './payments/checkout-sessions.service.js';
import { CustomersController } from './payments/customers.controller.js';
import { Customers } from './payments/customers.service.js';
import { EventsController } from './payments/events.controller.js';
import { PaymentControlsController } from './payments/payment-controls.controller.js';
import { PaymentControls } from './payments/payment-controls.service.js';
import { PaymentEvents } from './payments/payment-events.service.js';
import { PaymentsStore } from './payments/payments-store.service.js';
import { SubscriptionHooksController } from './payments/subscription-hooks.controller.js';
import { SubscriptionsController } from './payments/subscriptions.controller.js';
import { Subscriptions } from './payments/subscriptions.service.js';
import { WebhookHooksController } from './payments/webhook-hooks.controller.js';
import { WebhookSender } from './payments/webhook-sender.service.js';
import { Webhooks } from './payments/webhooks.service.js';
import { PagesController } from './pages/pages.controller.js';
import { SANDBOX_CONFIG, type SandboxConfig } from './sandbox.config.js';
import { SoulController } from './soul/soul.controller.js';
import { ImagesController } from './images/images.controller.js';
import { Assets } from './streaming/assets.service.js';
import { LiveStreams } from './streaming/live-streams.service.js';
import { StreamingApiController } from './streaming/streaming-api.controller.js';
import { StreamingApiGuard } from './streaming/streaming-api.guard.js';
import { StreamingEvents } from './streaming/streaming-events.service.js';
import { StreamingHooksController } from './streaming/streaming-hooks.controller.js';
import { StreamingMediaController } from './streaming/streaming-media.controller.js';
import { StreamingStore } from './streaming/streaming-store.service.js';
import { Uploads } from './streaming/uploads.service.js';

@Module({})
export class SandboxModule {
  static forRoot(config: SandboxConfig): DynamicModule {
    return {
      module: SandboxModule,
      controllers: [
        MailController,
        BotCheckController,
        OpenAiChatController,
        AnthropicMessagesController,
        LlmControlsController,
        CustomersController,
        CheckoutSessionsController,
        SubscriptionsController,
        EventsController,
        CheckoutPageController,
        SubscriptionHooksController,
        WebhookHooksController,
        PaymentControlsController,
        ChainRpcController,
        ChainHooksController,
        IdpHooksController,
        CodeHostController,
        CalendarOAuthController,
        CalendarApiController,
        CalendarHooksController,
        FeedUpstreamController,
        FeedHooksController,
        SoulController,
        PagesController,
        StreamingApiController,
        StreamingMediaController,
        StreamingHooksController,
        ImagesController,
      ],
      providers: [
        { provide: SANDBOX_CONFIG, useValue: config },
        Clock,
        MailStore,
        SmtpListener,
        BotCheckService,
        LlmControls,
        PaymentsStore,
        Customers,
        CheckoutSessions,
        Subscriptions,
        PaymentEvents,
        Webhooks,
        WebhookSender,
        PaymentControls,
        ChainNodes,
        ChainTreasury,
        IdpAccounts,
        IdpSigningKeys,
        SandboxIdp,
        CodeHostStore,
        CalendarStore,
        FeedControls,
        FeedSeller,
        HungConnections,
        StreamingStore,
        StreamingEvents,
        StreamingApiGuard,
        LiveStreams,
        Assets,
        Uploads,
      ],
    };
  }
}
