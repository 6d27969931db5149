import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AI_HEADERS, ChatRequestDto, ok, requireUser, ROUTES, streamInboxOf, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { AccessGuard } from '../access/access.guard.js';
import { ChatStreamService } from './chat-stream.service.js';
import { ChatService } from './chat.service.js';

/** Usage of the dashboard's chat is billed to this agent id. */
export const WEB_CHAT_AGENT_ID = 'web-chat';

const WEB_CHAT_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.webChat)!.path;

/**
 * POST /api/chat: the signed-in user's chat, on billing's word for their plan, as /api/ai/chat
 * answers, streamed when asked; opened by a user key instead of the cookie, it is held to that
 * key's spend cap.
 */
@Controller()
export class WebChatHandlers {
  constructor(private readonly chats: ChatService, private readonly streams: ChatStreamService, private readonly access: AccessGuard) {}

  @MessagePattern(SUBJECTS.ai.webChat)
  async chat(@Payload() envelope: Envelope) {
    const access = await this.access.check(envelope, true);
    const caller = requireUser(envelope);
    const dto = validateAs(ChatRequestDto, envelope.body);
    const headers = { [AI_HEADERS.agent]: WEB_CHAT_AGENT_ID };
    const inbox = streamInboxOf(envelope, dto.stream);
    if (inbox) return this.streams.start(caller, headers, access, dto, inbox, WEB_CHAT_ENDPOINT);
    return ok(await this.chats.chat(caller, headers, access, dto, WEB_CHAT_ENDPOINT));
  }
}
