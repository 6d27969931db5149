import { Injectable, Logger } from '@nestjs/common';
import { costMicros, DEFAULT_MAX_TOKENS, type AuthContext, type ChatRequestDto } from '@platform/contracts';
import type { AiAccess } from '../access/access-policy.js';
import { isModelAllowed } from '../access/plan-policy.js';
import { attemptPlan } from '../chat/attempt-plan.js';
import { ChatService, type ChatReply } from '../chat/chat.service.js';
import type { Reservation } from '../quota/quota.store.js';
import { SpendCapStore } from './spend-cap.store.js';
import { worstCaseCostMicros } from './worst-case-cost.js';

/**
 * The platform's chat held to the monthly spend cap of the key that made the call, whichever route
 * it came by (the public gateway, or a session route a key opened): reserved before, settled to
 * the usage row's cost after, released on failure. A caller without a key is the chat as it is.
 */
@Injectable()
export class CappedChatService {
  private readonly logger = new Logger(CappedChatService.name);

  constructor(private readonly chats: ChatService, private readonly caps: SpendCapStore) {}

  async chat(caller: AuthContext, headers: Record<string, string | undefined>, access: AiAccess, dto: ChatRequestDto, endpoint: string): Promise<ChatReply> {
    const hold = await this.reserve(caller, access, dto);
    let reply: ChatReply;
    try {
      reply = await this.chats.chat(caller, headers, access, dto, endpoint);
    } catch (error) {
      // A release Redis refuses is released when its lease expires.
      if (hold) await this.caps.release(hold).catch((failure: unknown) => this.logger.warn(`spend cap release failed: ${String(failure)}`));
      throw error;
    }
    if (hold) await this.caps.settle(hold, costMicros(reply.model, reply.usage.prompt_tokens, reply.usage.completion_tokens));
    return reply;
  }

  /** A call on the user's own provider key is paid by the user's provider, not held to the key's cap. */
  private async reserve(caller: AuthContext, access: AiAccess, dto: ChatRequestDto): Promise<Reservation | null> {
    if (!caller.apiKey || access.ownKey) return null;
    const allowed = (id: string) => isModelAllowed(access.plan, id);
    const models = attemptPlan({ model: dto.model, taskType: dto.taskType, allowed }).map((attempt) => attempt.model);
    return this.caps.reserve(caller.apiKey, worstCaseCostMicros(models, dto.messages, dto.max_tokens ?? DEFAULT_MAX_TOKENS), new Date());
  }
}
