import type { LlmRequest } from './llm-request.js';

/**
 * Parameter combinations the real vendors answer with 400, so a client that sends them fails
 * against the sandbox as it would in production. Each rule gives the vendor's message, or null.
 */

/** OpenAI's reasoning models (o1, o3, o4-mini). */
const OPENAI_REASONING_MODEL = /^o\d/;

/** The direct vendor's 4.5 generation and later refuse temperature and top_p together. */
const ANTHROPIC_ONE_SAMPLING_MODEL = /^claude-(?:opus|sonnet|haiku)-4-(?:[5-9]|\d{2,})/;

export interface OpenAiRefusal {
  message: string;
  param: string;
  code: 'unsupported_parameter' | 'unsupported_value';
}

/** OpenAI itself; the aggregator adapts parameters to the model and refuses none of these. */
export function openAiRefusal(request: LlmRequest): OpenAiRefusal | null {
  if (!OPENAI_REASONING_MODEL.test(request.model)) return null;
  if (request.maxTokens !== null) {
    return {
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      param: 'max_tokens',
      code: 'unsupported_parameter',
    };
  }
  for (const [param, value] of [['temperature', request.temperature], ['top_p', request.topP]] as const) {
    if (value !== null && value !== 1) {
      return {
        message: `Unsupported value: '${param}' does not support ${value} with this model. Only the default (1) value is supported.`,
        param,
        code: 'unsupported_value',
      };
    }
  }
  return null;
}

export function anthropicRefusal(request: LlmRequest): string | null {
  if (request.temperature !== null && request.temperature > 1) return 'temperature: Input should be less than or equal to 1';
  if (request.temperature !== null && request.temperature < 0) return 'temperature: Input should be greater than or equal to 0';
  if (request.temperature !== null && request.topP !== null && ANTHROPIC_ONE_SAMPLING_MODEL.test(request.model)) {
    return '`temperature` and `top_p` cannot both be specified for this model. Please use only one.';
  }
  return null;
}
