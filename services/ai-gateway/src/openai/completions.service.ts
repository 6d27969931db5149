import { Injectable } from '@nestjs/common';
import {
  AI_HEADERS, ApiError, catalogueModel, DEFAULT_MAX_TOKENS, ERROR_CODES, modelNotFound, ok, ROUTES, SUBJECTS,
  type AuthContext, type ChatCompletionRequestDto, type Reply,
} from '@platform/contracts';
import type { AiAccess } from '../access/access-policy.js';
import { ChatStreamService } from '../chat/chat-stream.service.js';
import { ChatService } from '../chat/chat.service.js';
import { toChatRequest, toCompletion } from './openai-shape.js';

/** Usage through the public gateway is billed to this agent id, and carries the key's id. */
export const GATEWAY_AGENT_ID = 'api-gateway';

const COMPLETIONS_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.completions)!.path;

/**
 * POST /api/v1/gateway/chat/completions: OpenAI's protocol around the platform's chat, which keeps
 * plan access, the token quota, the key's spend cap, fallback and breakers. `inbox` is where the
 * chunks go when the request asked for a stream (streamInboxOf).
 */
@Injectable()
export class CompletionsService {
  constructor(private readonly chats: ChatService, private readonly streams: ChatStreamService) {}

  async complete(caller: AuthContext, access: AiAccess, request: ChatCompletionRequestDto, inbox: string | undefined): Promise<Reply> {
    if (!catalogueModel(request.model)) throw new ApiError(404, modelNotFound(request.model), { code: ERROR_CODES.modelNotFound });
    const chat = toChatRequest(request);
    const headers = { [AI_HEADERS.agent]: GATEWAY_AGENT_ID };
    if (inbox) return this.streams.start(caller, headers, access, chat, inbox, COMPLETIONS_ENDPOINT);
    const reply = await this.chats.chat(caller, headers, access, chat, COMPLETIONS_ENDPOINT);
    return ok(toCompletion(reply, chat.max_tokens ?? DEFAULT_MAX_TOKENS));
  }
}
