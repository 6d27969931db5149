import { Inject, Injectable, Logger } from '@nestjs/common';
import { AI_MESSAGES as M, ApiError, MAX_MODEL_ATTEMPTS } from '@platform/contracts';
import { BreakerOpenError } from '@platform/http';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import type { Completion, CompletionRequest, StreamEvent } from '../providers/chat-provider.js';
import type { ProviderKey } from '../providers/provider-key.js';
import { ProviderRegistry } from '../providers/provider-registry.js';
import type { Attempt } from './attempt-plan.js';

export interface Served extends Completion {
  model: string;
  provider: Attempt['provider'];
}

/** A streamed answer that has begun: what arrived up to its first text, and the events still to come. */
export interface OpenedStream extends Attempt {
  early: StreamEvent[];
  rest: AsyncGenerator<StreamEvent[]>;
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
    return this.firstToAnswer(plan, ownKey, async (attempt, deadline) =>
      ({ ...(await this.providers.complete(attempt.provider, attempt.model, request, deadline, ownKey)), ...attempt }));
  }

  /**
   * A streamed chat, with the same plan, breakers and bounds: an attempt has answered once its first
   * piece of text (or its end) has arrived, and only then is anything sent on, so falling back to
   * the next model is possible until that moment and never after. The budget keeps bounding the
   * stream after it opened. `left` (the caller went away) stops it at once, with no further attempt.
   */
  async open(plan: Attempt[], request: Omit<CompletionRequest, 'model'>, left: AbortSignal, ownKey?: ProviderKey): Promise<OpenedStream> {
    return this.firstToAnswer(plan, ownKey, async (attempt, deadline) => {
      const events = await this.providers.stream(attempt.provider, attempt.model, request, AbortSignal.any([deadline, left]), ownKey);
      const early: StreamEvent[] = [];
      for (let next = await events.next(); !next.done; next = await events.next()) {
        early.push(...next.value);
        if (next.value.some((event) => event.type === 'text' || event.type === 'done')) break;
      }
      return { ...attempt, early, rest: events };
    }, left);
  }

  private async firstToAnswer<T>(
    plan: Attempt[], ownKey: ProviderKey | undefined, call: (attempt: Attempt, deadline: AbortSignal) => Promise<T>, left?: AbortSignal,
  ): Promise<T> {
    if (!plan.length) throw new ApiError(404, M.noModels);
    const deadline = AbortSignal.timeout(this.env.AI_CHAT_BUDGET_MS);
    const whose = ownKey ? " with the user's own key" : '';
    let tried = 0;
    for (const attempt of plan) {
      if (tried === MAX_MODEL_ATTEMPTS || deadline.aborted || left?.aborted) break;
      if (!ownKey && !this.providers.isAvailable(attempt.provider)) continue;
      try {
        return await call(attempt, deadline);
      } catch (error) {
        // A half-open breaker lets one test call through and refuses the others at once: skipped, like an open one.
        if (error instanceof BreakerOpenError) continue;
        tried += 1;
        if (left?.aborted) break;
        // The messages name the provider, model and status, never the request: no key can be in them.
        this.logger.warn(`${attempt.model} on ${attempt.provider}${whose} failed, trying the next model: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (left?.aborted) throw left.reason;
    throw new ApiError(tried ? 500 : 404, tried ? M.providerError : M.noModels);
  }
}
