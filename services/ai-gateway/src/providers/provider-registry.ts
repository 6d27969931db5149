import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AI_PROVIDERS, type AiProvider } from '@platform/contracts';
import { BreakerMetrics, OutboundHttp } from '@platform/http';
import { ServiceMetrics } from '@platform/ops';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { AnthropicMessagesProtocol } from './anthropic-messages.protocol.js';
import { ProviderError, type ChatProtocol, type Completion, type CompletionRequest, type StreamEvent } from './chat-provider.js';
import { OpenAiChatProtocol } from './openai-chat.protocol.js';
import type { ProviderKey } from './provider-key.js';
import { IdleTimeout, vendorEvents } from './vendor-stream.js';

interface Provider {
  baseUrl: string;
  /** The platform's key; empty leaves the provider unconfigured for the platform's own calls. */
  apiKey: string;
  protocol: ChatProtocol;
  http: OutboundHttp;
}

/**
 * The three providers, each behind its own breaker so one vendor's outage opens only its own.
 * A direct vendor is sent its own model name (the part after `<vendor>/`); the aggregator takes the catalogue id.
 *
 * A call with a user's own key (bring-your-own-key) is the same request with that key, sent outside
 * the breaker: a user's revoked or unfunded key is not the vendor's outage, so it must neither open
 * the platform's breaker nor be refused while the platform's calls have opened it.
 */
@Injectable()
export class ProviderRegistry implements OnApplicationShutdown {
  private readonly providers: Record<AiProvider, Provider>;
  private readonly modelTimeoutMs: number;

  constructor(@Inject(AI_GATEWAY_ENV) env: AiGatewayEnv, metrics: ServiceMetrics) {
    this.modelTimeoutMs = env.AI_MODEL_TIMEOUT_MS;
    const http = (name: AiProvider) => new OutboundHttp(name, {
      timeoutMs: env.AI_MODEL_TIMEOUT_MS,
      resetTimeoutMs: env.AI_BREAKER_RESET_MS,
      errorThresholdPercentage: env.AI_BREAKER_ERROR_PERCENT,
      volumeThreshold: env.AI_BREAKER_VOLUME,
    });
    const provider = (name: AiProvider, baseUrl: string, apiKey: string, protocol: ChatProtocol): Provider =>
      ({ baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, protocol, http: http(name) });
    this.providers = {
      openrouter: provider('openrouter', env.OPENROUTER_BASE_URL, env.OPENROUTER_API_KEY, new OpenAiChatProtocol('aggregator')),
      anthropic: provider('anthropic', env.ANTHROPIC_BASE_URL, env.ANTHROPIC_API_KEY, new AnthropicMessagesProtocol(env.ANTHROPIC_VERSION)),
      openai: provider('openai', env.OPENAI_BASE_URL, env.OPENAI_API_KEY, new OpenAiChatProtocol('openai')),
    };
    const breakers = metrics.of(BreakerMetrics);
    for (const { http: party } of Object.values(this.providers)) breakers.watch(party);
  }

  isConfigured(name: AiProvider): boolean {
    return this.providers[name].apiKey !== '';
  }

  /** Configured and its breaker closed (or half-open, ready for a test call). */
  isAvailable(name: AiProvider): boolean {
    return this.isConfigured(name) && !this.providers[name].http.isOpen;
  }

  availability(): Record<AiProvider, boolean> {
    return Object.fromEntries(AI_PROVIDERS.map((name) => [name, this.isAvailable(name)])) as Record<AiProvider, boolean>;
  }

  /**
   * `deadline` ends the call early when the chat's whole budget runs out first; `userKey` sends the
   * call with a user's own key instead of the platform's, outside the breaker.
   */
  async complete(
    name: AiProvider, catalogueId: string, request: Omit<CompletionRequest, 'model'>, deadline?: AbortSignal, userKey?: ProviderKey,
  ): Promise<Completion> {
    const { provider, model, url, body, headers } = this.vendorCall(name, catalogueId, request, userKey, false);
    const post = { headers, body, signal: deadline };
    const answer = await (userKey ? provider.http.postJsonOutsideBreaker(url, post) : provider.http.postJson(url, post));
    if (answer.status < 200 || answer.status > 299) throw new ProviderError(`${name} answered ${answer.status} for ${model}`);
    return provider.protocol.parse(JSON.parse(answer.text));
  }

  /**
   * The same call asking for server-sent events: resolves once the vendor has started answering,
   * with its events as they arrive. `signal` (the chat's budget, the caller leaving) aborts the call
   * at any point; a vendor silent for AI_MODEL_TIMEOUT_MS between events fails it.
   */
  async stream(
    name: AiProvider, catalogueId: string, request: Omit<CompletionRequest, 'model'>, signal: AbortSignal, userKey?: ProviderKey,
  ): Promise<AsyncGenerator<StreamEvent[]>> {
    const idle = new IdleTimeout(this.modelTimeoutMs);
    const { provider, model, url, body, headers } = this.vendorCall(name, catalogueId, request, userKey, true);
    const post = { headers, body, signal: AbortSignal.any([signal, idle.signal]) };
    const answer = await (userKey ? provider.http.postStreamOutsideBreaker(url, post) : provider.http.postStream(url, post));
    if (answer.status < 200 || answer.status > 299) {
      // Closed unread, so a vendor refusing every call does not hold a socket per refusal.
      answer.body.destroy();
      throw new ProviderError(`${name} answered ${answer.status} for ${model}`);
    }
    return vendorEvents(answer.body, provider.protocol.streamTranslator(), idle);
  }

  /** The vendor's request for one call: its own model name, the platform's key or the user's. */
  private vendorCall(name: AiProvider, catalogueId: string, request: Omit<CompletionRequest, 'model'>, userKey: ProviderKey | undefined, stream: boolean) {
    const provider = this.providers[name];
    const model = name === 'openrouter' ? catalogueId : catalogueId.slice(catalogueId.indexOf('/') + 1);
    const call = provider.protocol.request({ ...request, model }, userKey ? userKey.reveal() : provider.apiKey, stream);
    return { provider, model, url: `${provider.baseUrl}${call.path}`, body: JSON.stringify(call.body), headers: call.headers };
  }

  onApplicationShutdown(): void {
    for (const provider of Object.values(this.providers)) provider.http.shutdown();
  }
}
