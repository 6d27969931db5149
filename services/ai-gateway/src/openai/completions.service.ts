import { Injectable } from '@nestjs/common';
import {
  AI_HEADERS, AI_MESSAGES, ApiError, catalogueModel, DEFAULT_MAX_TOKENS, ERROR_CODES, modelNotFound, ROUTES, SUBJECTS,
  type AuthContext, type ChatCompletionRequestDto, type ChatCompletionView,
} from '@platform/contracts';
import type { AiAccess } from '../access/access-policy.js';
import { CappedChatService } from '../spend-cap/capped-chat.service.js';
import { toChatRequest, toCompletion } from './openai-shape.js';

/** Usage through the public gateway is billed to this agent id, and carries the key's id. */
export const GATEWAY_AGENT_ID = 'api-gateway';

const COMPLETIONS_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.completions)!.path;

/**
 * POST /api/v1/gateway/chat/completions: OpenAI's protocol around the platform's chat, which keeps
 * plan access, the token quota, fallback and breakers, held to the key's spend cap.
 */
@Injectable()
export class CompletionsService {
  constructor(private readonly chats: CappedChatService) {}

  async complete(caller: AuthContext, access: AiAccess, request: ChatCompletionRequestDto): Promise<ChatCompletionView> {
    if (request.stream) throw new ApiError(400, AI_MESSAGES.streamUnavailable);
    if (!catalogueModel(request.model)) throw new ApiError(404, modelNotFound(request.model), { code: ERROR_CODES.modelNotFound });
    const chat = toChatRequest(request);
    const reply = await this.chats.chat(caller, { [AI_HEADERS.agent]: GATEWAY_AGENT_ID }, access, chat, COMPLETIONS_ENDPOINT);
    return toCompletion(reply, chat.max_tokens ?? DEFAULT_MAX_TOKENS);
  }
}
