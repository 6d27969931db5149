import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatRequestDto, ok, requireUser, streamInboxOf, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { AccessGuard } from '../access/access.guard.js';
import { ChatStreamService } from './chat-stream.service.js';
import { ChatService } from './chat.service.js';

@Controller()
export class ChatHandlers {
  constructor(private readonly chats: ChatService, private readonly streams: ChatStreamService, private readonly access: AccessGuard) {}

  /**
   * Plan and subscription before the body, as the plan middleware runs before the route. A body
   * asking for a stream is streamed when the edge opened an inbox for it (a route that streams).
   */
  @MessagePattern(SUBJECTS.ai.chat)
  async chat(@Payload() envelope: Envelope) {
    const access = await this.access.check(envelope, true);
    const caller = requireUser(envelope);
    const dto = validateAs(ChatRequestDto, envelope.body);
    const inbox = streamInboxOf(envelope, dto.stream);
    if (inbox) return this.streams.start(caller, envelope.headers, access, dto, inbox);
    return ok(await this.chats.chat(caller, envelope.headers, access, dto));
  }
}
