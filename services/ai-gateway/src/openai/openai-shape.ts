import {
  MODEL_CATALOGUE, type AiPlan, type ChatCompletionRequestDto, type ChatCompletionView, type ChatReply, type ChatRequestDto,
  type ModelListView,
} from '@platform/contracts';
import { isModelAllowed } from '../access/plan-policy.js';

/**
 * The catalogue has no release dates; every model lists this instant (2025-11-01 UTC, when the
 * catalogue was last reviewed) as OpenAI's `created`.
 */
export const CATALOGUE_CREATED = 1_761_955_200;

/**
 * OpenAI's request as the platform's chat: `developer` is a system message, text parts are joined,
 * `max_completion_tokens` (OpenAI's newer name) wins over `max_tokens`, and a usage chunk ends a
 * stream only when `stream_options.include_usage` is true.
 */
export function toChatRequest(request: ChatCompletionRequestDto): ChatRequestDto {
  return {
    model: request.model,
    messages: request.messages.map((message) => ({
      role: message.role === 'developer' ? 'system' : message.role,
      content: typeof message.content === 'string' ? message.content : message.content.map((part) => part.text).join(''),
    })),
    temperature: request.temperature,
    top_p: request.top_p,
    max_tokens: request.max_completion_tokens ?? request.max_tokens,
    stream: request.stream,
    stream_options: { include_usage: request.stream_options?.include_usage === true },
  };
}

/** The vendors' stop reason does not reach us: an answer that used every token it was allowed was cut at the limit. */
export function toCompletion(reply: ChatReply, maxTokens: number): ChatCompletionView {
  return {
    id: reply.id,
    object: 'chat.completion',
    created: Math.floor(Date.parse(reply.timestamp) / 1000),
    model: reply.model,
    choices: [{
      index: 0,
      message: reply.message,
      finish_reason: reply.usage.completion_tokens >= maxTokens ? 'length' : 'stop',
    }],
    usage: reply.usage,
  };
}

/** The catalogue's models the plan allows, owned by the vendor their id names. */
export function modelList(plan: AiPlan): ModelListView {
  return {
    object: 'list',
    data: MODEL_CATALOGUE.filter((entry) => isModelAllowed(plan, entry.id))
      .map((entry) => ({ id: entry.id, object: 'model', created: CATALOGUE_CREATED, owned_by: entry.id.split('/')[0]! })),
  };
}
