import { Inject, Injectable } from '@nestjs/common';
import { AI_HEADERS, SUBJECTS, type ChatRequestDto } from '@platform/contracts';
import type { SkillCaller } from '../actions/skill.js';
import type { SkillsEnv } from '../skills.env.js';
import { SKILLS_ENV } from '../skills.tokens.js';
import { PlatformCalls } from './platform-calls.js';

/** What the AI layer answers a whole chat (platform-core 4.8). */
export interface AiAnswer {
  model: string;
  message: { role: 'assistant'; content: string };
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/**
 * The AI layer, on POST /api/ai/chat's subject as the skill's user: plan, quota and billing are
 * its own (a platform user is judged by billing), and the usage is recorded under `skill:<id>`.
 * Its refusals (402, 403, 429) reach the skill's caller as they are.
 */
@Injectable()
export class AiClient {
  constructor(private readonly calls: PlatformCalls, @Inject(SKILLS_ENV) private readonly env: SkillsEnv) {}

  chat(caller: SkillCaller, skillId: string, request: ChatRequestDto): Promise<AiAnswer> {
    return this.calls.route(SUBJECTS.ai.chat, {
      auth: caller.auth, headers: { [AI_HEADERS.agent]: `skill:${skillId}` }, body: request, requestId: caller.requestId,
    }, this.env.SKILLS_SLOW_CALL_TIMEOUT_MS);
  }
}
