import { Module, type DynamicModule } from '@nestjs/common';
import { MessagingModule } from '@platform/messaging';
import { QueueModule, RedisModule } from '@platform/queue';
import { AccessGuard } from './access/access.guard.js';
import { BillingAccountClient } from './access/billing-account.client.js';
import type { AiGatewayEnv } from './ai-gateway.env.js';
import { AI_GATEWAY_ENV } from './ai-gateway.tokens.js';
import { ChatHandlers } from './chat/chat.handlers.js';
import { ChatStreamService } from './chat/chat-stream.service.js';
import { ChatService } from './chat/chat.service.js';
import { ModelRunner } from './chat/model-runner.js';
import { WebChatHandlers } from './chat/web-chat.handlers.js';
import { DemoHandlers } from './demo/demo.handlers.js';
import { DemoService } from './demo/demo.service.js';
import { ModelsHandlers } from './models/models.handlers.js';
import { ModelsService } from './models/models.service.js';
import { CompletionsService } from './openai/completions.service.js';
import { OpenAiHandlers } from './openai/openai.handlers.js';
import { ProviderRegistry } from './providers/provider-registry.js';
import { QuotaStore } from './quota/quota.store.js';
import { SpendCapStore } from './spend-cap/spend-cap.store.js';
import { UsageRecorder } from './usage/usage-recorder.js';

export const AI_GATEWAY_SERVICE = 'ai-gateway';

/** No database: quotas live in Redis, usage goes to the usage service's queue, plans come from billing. */
@Module({})
export class AiGatewayModule {
  static forRoot(env: AiGatewayEnv): DynamicModule {
    return {
      module: AiGatewayModule,
      imports: [
        MessagingModule.forService(AI_GATEWAY_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
        RedisModule.forRoot(env.REDIS_URL),
      ],
      controllers: [ModelsHandlers, ChatHandlers, WebChatHandlers, OpenAiHandlers, DemoHandlers],
      providers: [
        { provide: AI_GATEWAY_ENV, useValue: env },
        BillingAccountClient,
        AccessGuard,
        ProviderRegistry,
        ModelRunner,
        QuotaStore,
        UsageRecorder,
        ChatService,
        SpendCapStore,
        CompletionsService,
        ChatStreamService,
        ModelsService,
        DemoService,
      ],
    };
  }
}
