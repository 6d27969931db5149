import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AI_HEADERS, AI_MESSAGES, ApiError, ChatRequestDto, ok, requireUser, ROUTES, SUBJECTS, validateAs, type Envelope,
} from '@platform/contracts';
import { AccessGuard } from '../access/access.guard.js';
import { CappedChatService } from '../spend-cap/capped-chat.service.js';

/** Usage of the dashboard's chat is billed to this agent id. */
export const WEB_CHAT_AGENT_ID = 'web-chat';

const WEB_CHAT_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.webChat)!.path;

/**
 * POST /api/chat: the signed-in user's chat, on billing's word for their plan, as /api/ai/chat
 * answers; opened by a user key instead of the cookie, it is held to that key's spend cap.
 */
@Controller()
export class WebChatHandlers {
  constructor(private readonly chats: CappedChatService, private readonly access: AccessGuard) {}

  @MessagePattern(SUBJECTS.ai.webChat)
  async chat(@Payload() envelope: Envelope) {
    const access = await this.access.check(envelope, true);
    if ((envelope.body as { stream?: unknown } | null)?.stream === true) throw new ApiError(400, AI_MESSAGES.streamUnavailable);
    const dto = validateAs(ChatRequestDto, envelope.body);
    return ok(await this.chats.chat(requireUser(envelope), { [AI_HEADERS.agent]: WEB_CHAT_AGENT_ID }, access, dto, WEB_CHAT_ENDPOINT));
  }
}
