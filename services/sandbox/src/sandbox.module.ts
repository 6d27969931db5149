import { Module, type DynamicModule } from '@nestjs/common';
import { BotCheckController } from './bot-check/bot-check.controller.js';
import { BotCheckService } from './bot-check/bot-check.service.js';
import { Clock } from './clock.service.js';
import { AnthropicMessagesController } from './llm/anthropic-messages.controller.js';
import { LlmControlsController } from './llm/llm-controls.controller.js';
import { LlmControls } from './llm/llm-controls.service.js';
import { OpenAiChatController } from './llm/openai-chat.controller.js';
import { MailController } from './mail/mail.controller.js';
import { MailStore } from './mail/mail-store.service.js';
import { SmtpListener } from './mail/smtp-listener.service.js';
import { SANDBOX_CONFIG, type SandboxConfig } from './sandbox.config.js';

@Module({})
export class SandboxModule {
  static forRoot(config: SandboxConfig): DynamicModule {
    return {
      module: SandboxModule,
      controllers: [MailController, BotCheckController, OpenAiChatController, AnthropicMessagesController, LlmControlsController],
      providers: [{ provide: SANDBOX_CONFIG, useValue: config }, Clock, MailStore, SmtpListener, BotCheckService, LlmControls],
    };
  }
}
