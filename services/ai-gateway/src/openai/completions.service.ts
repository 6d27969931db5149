import { Injectable, Logger } from '@nestjs/common';
import {
  AI_HEADERS, AI_MESSAGES, ApiError, catalogueModel, costMicros, DEFAULT_MAX_TOKENS, ERROR_CODES, modelNotFound, ROUTES, SUBJECTS,
  type AuthContext, type ChatCompletionRequestDto, type ChatCompletionView, type ChatRequestDto,
} from '@platform/contracts';
import type { AiAccess } from '../access/access-policy.js';
import { isModelAllowed } from '../access/plan-policy.js';
import { attemptPlan } from '../chat/attempt-plan.js';
import { ChatService } from '../chat/chat.service.js';
import type { Reservation } from '../quota/quota.store.js';
import { SpendCapStore } from '../spend-cap/spend-cap.store.js';
import { worstCaseCostMicros } from '../spend-cap/worst-case-cost.js';
import { toChatRequest, toCompletion } from './openai-shape.js';

/** Usage through the public gateway is billed to this agent id, and carries the key's id. */
export const GATEWAY_AGENT_ID = 'api-gateway';

const COMPLETIONS_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.completions)!.path;

/**
 * POST /api/v1/gateway/chat/completions: OpenAI's protocol around the platform's chat, which keeps
 * plan access, the token quota, fallback and breakers; this adds the key's spend cap.
 */
@Injectable()
export class CompletionsService {
  private readonly logger = new Logger(CompletionsService.name);

  constructor(private readonly chats: ChatService, private readonly caps: SpendCapStore) {}

  async complete(caller: AuthContext, access: AiAccess, request: ChatCompletionRequestDto): Promise<ChatCompletionView> {
    if (request.stream) throw new ApiError(400, AI_MESSAGES.streamUnavailable);
    if (!catalogueModel(request.model)) throw new ApiError(404, modelNotFound(request.model), { code: ERROR_CODES.modelNotFound });
    const chat = toChatRequest(request);
    const maxTokens = chat.max_tokens ?? DEFAULT_MAX_TOKENS;
    const hold = await this.reserve(caller, access, chat, maxTokens);
    let reply;
    try {
      reply = await this.chats.chat(caller, { [AI_HEADERS.agent]: GATEWAY_AGENT_ID }, access, chat, COMPLETIONS_ENDPOINT);
    } catch (error) {
      // A release Redis refuses is released when its lease expires.
      if (hold) await this.caps.release(hold).catch((failure: unknown) => this.logger.warn(`spend cap release failed: ${String(failure)}`));
      throw error;
    }
    if (hold) await this.caps.settle(hold, costMicros(reply.model, reply.usage.prompt_tokens, reply.usage.completion_tokens));
    return toCompletion(reply, maxTokens);
  }

  /** A call on the user's own provider key is paid by the user's provider, not held to the key's cap. */
  private async reserve(caller: AuthContext, access: AiAccess, chat: ChatRequestDto, maxTokens: number): Promise<Reservation | null> {
    if (!caller.apiKey || access.ownKey) return null;
    const models = attemptPlan({ model: chat.model, allowed: (id) => isModelAllowed(access.plan, id) }).map((attempt) => attempt.model);
    return this.caps.reserve(caller.apiKey, worstCaseCostMicros(models, chat.messages, maxTokens), new Date());
  }
}
