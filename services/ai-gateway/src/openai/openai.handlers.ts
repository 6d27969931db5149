import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatCompletionRequestDto, ok, requireUser, streamInboxOf, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { AccessGuard } from '../access/access.guard.js';
import { CompletionsService } from './completions.service.js';
import { modelList } from './openai-shape.js';

/**
 * The public gateway (/api/v1/gateway): the caller is a user `sk_` key's owner, judged by billing
 * like any platform user; no header is forwarded, so none can claim a plan. The edge writes the
 * errors in OpenAI's shape.
 */
@Controller()
export class OpenAiHandlers {
  constructor(private readonly completions: CompletionsService, private readonly access: AccessGuard) {}

  @MessagePattern(SUBJECTS.ai.completions)
  async complete(@Payload() envelope: Envelope) {
    const access = await this.access.check(envelope, true);
    const request = validateAs(ChatCompletionRequestDto, envelope.body);
    return this.completions.complete(requireUser(envelope), access, request, streamInboxOf(envelope, request.stream));
  }

  @MessagePattern(SUBJECTS.ai.gatewayModels)
  async models(@Payload() envelope: Envelope) {
    return ok(modelList((await this.access.check(envelope, true)).plan));
  }
}
