import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatRequestDto, ok, requireUser, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { AccessGuard } from '../access/access.guard.js';
import { ChatService } from './chat.service.js';

@Controller()
export class ChatHandlers {
  constructor(private readonly chats: ChatService, private readonly access: AccessGuard) {}

  /** Plan and subscription before the body, as the plan middleware runs before the route. */
  @MessagePattern(SUBJECTS.ai.chat)
  async chat(@Payload() envelope: Envelope) {
    const access = await this.access.check(envelope, true);
    return ok(await this.chats.chat(requireUser(envelope), envelope.headers, access, validateAs(ChatRequestDto, envelope.body)));
  }
}
