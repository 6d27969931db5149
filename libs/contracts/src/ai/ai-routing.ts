import type { AiProvider } from './model-catalogue.js';

/**
 * How a chat finds a model that answers (platform-core section 8, Model fallback), as data.
 * Model ids are catalogue ids (`<vendor>/<model>`); a direct vendor is sent the part after the slash.
 */
export const TASK_TYPES = ['general', 'reasoning', 'coding', 'fast', 'creative'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The aggregator: it serves every catalogue id, so task tiers and the demo go through it. */
export const AGGREGATOR_PROVIDER: AiProvider = 'openrouter';

/** Task tiers: a primary and two fallbacks each, tried in order through the aggregator. */
export const TASK_TIERS: Readonly<Record<Exclude<TaskType, 'general'>, readonly string[]>> = {
  reasoning: ['anthropic/claude-opus-4-6', 'openai/o3', 'deepseek/deepseek-r1'],
  coding: ['anthropic/claude-sonnet-4-5', 'qwen/qwen-2.5-coder-32b-instruct', 'google/gemini-2.5-pro'],
  fast: ['google/gemini-2.5-flash', 'openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5'],
  creative: ['openai/gpt-4o', 'mistralai/mistral-large', 'meta-llama/llama-3.3-70b-instruct'],
};

/** Each provider's primary model and its fallbacks on the same provider. */
export const PROVIDER_MODELS: Readonly<Record<AiProvider, { primary: string; fallbacks: readonly string[] }>> = {
  openrouter: { primary: 'meta-llama/llama-3.3-70b-instruct', fallbacks: ['google/gemini-2.5-flash', 'mistralai/mistral-large'] },
  anthropic: { primary: 'anthropic/claude-sonnet-4-5', fallbacks: ['anthropic/claude-haiku-4-5'] },
  openai: { primary: 'openai/gpt-4o', fallbacks: ['openai/gpt-4o-mini'] },
};

/**
 * When a provider's own models all fail, these providers are tried next, in this order. OpenAI is
 * the one provider kept out: a request is sent to it only when a caller chose one of its models.
 */
export const FALLBACK_PROVIDERS: readonly AiProvider[] = ['openrouter', 'anthropic'];

/** The provider of a general request without a model. */
export const DEFAULT_PROVIDER: AiProvider = 'openrouter';

/** Attempts per chat: a primary and two fallbacks; with the 30 s attempt timeout the worst case stays bounded. */
export const MAX_MODEL_ATTEMPTS = 3;

/** max_tokens when a chat does not give one; the quota reserves it up front. */
export const DEFAULT_MAX_TOKENS = 1024;

/** Demo chat (platform-core 4.9): six catalogue models, served by the aggregator; the first is the default. */
export const DEMO_MODELS: readonly string[] = [
  'meta-llama/llama-3.3-70b-instruct',
  'google/gemini-2.5-flash',
  'openai/gpt-4o-mini',
  'anthropic/claude-haiku-4-5',
  'mistralai/mistral-large',
  'qwen/qwen-2.5-coder-32b-instruct',
];
export const DEMO_MAX_TOKENS = 1024;
export const DEMO_HISTORY_ITEM_MAX = 4000;
/** Only the latest user messages of a demo conversation are sent: a free route must not carry megabytes of history. */
export const DEMO_HISTORY_MAX_ITEMS = 10;
export const DEMO_USER_ID = 'demo';
export const DEMO_AGENT_ID = 'demo-chat';
