import { Inject, Injectable, Logger } from '@nestjs/common';
import { AI_MESSAGES as M, ApiError, MAX_MODEL_ATTEMPTS } from '@platform/contracts';
import { BreakerOpenError } from '@platform/http';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import type { Completion, CompletionRequest } from '../providers/chat-provider.js';
import type { ProviderKey } from '../providers/provider-key.js';
import { ProviderRegistry } from '../providers/provider-registry.js';
import type { Attempt } from './attempt-plan.js';

export interface Served extends Completion {
  model: string;
  provider: Attempt['provider'];
}

/**
 * Tries a plan's models in order until one answers. A provider whose breaker is open, or half-open
 * with its test call running, is skipped without counting as an attempt; at most MAX_MODEL_ATTEMPTS
 * calls are made, each bounded by AI_MODEL_TIMEOUT_MS, and all of them by AI_CHAT_BUDGET_MS.
 * With a user's own key every attempt goes out with that key, outside the platform's breakers,
 * whether or not the platform has a key of its own for the provider.
 */
@Injectable()
export class ModelRunner {
  private readonly logger = new Logger(ModelRunner.name);

  constructor(private readonly providers: ProviderRegistry, @Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv) {}

  async run(plan: Attempt[], request: Omit<CompletionRequest, 'model'>, ownKey?: ProviderKey): Promise<Served> {
    if (!plan.length) throw new ApiError(404, M.noModels);
    const deadline = AbortSignal.timeout(this.env.AI_CHAT_BUDGET_MS);
    const whose = ownKey ? " with the user's own key" : '';
    let tried = 0;
    for (const attempt of plan) {
      if (tried === MAX_MODEL_ATTEMPTS || deadline.aborted) break;
      if (!ownKey && !this.providers.isAvailable(attempt.provider)) continue;
      try {
        return { ...(await this.providers.complete(attempt.provider, attempt.model, request, deadline, ownKey)), ...attempt };
      } catch (error) {
        // A half-open breaker lets one test call through and refuses the others at once: skipped, like an open one.
        if (error instanceof BreakerOpenError) continue;
        tried += 1;
        // The messages name the provider, model and status, never the request: no key can be in them.
        this.logger.warn(`${attempt.model} on ${attempt.provider}${whose} failed, trying the next model: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    throw new ApiError(tried ? 500 : 404, tried ? M.providerError : M.noModels);
  }
}
