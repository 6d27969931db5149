/**
 * The model catalogue (platform-core section 2, AI model), reviewed like code. The ai-gateway
 * serves it and routes by it; the usage worker prices usage events with it.
 *
 * Prices are integer micro-dollars per million tokens, so cost arithmetic stays in integers:
 * 150_000 means $0.15 per million tokens.
 */
export const AI_PROVIDERS = ['openrouter', 'anthropic', 'openai'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export interface CatalogueModel {
  id: string;
  name: string;
  provider: AiProvider;
  description: string;
  tags: readonly string[];
  inputMicrosPerMTok: number;
  outputMicrosPerMTok: number;
  contextWindow: number;
}

const model = (
  id: string, name: string, provider: AiProvider, description: string, tags: string[],
  inputUsdPerMTok: number, outputUsdPerMTok: number, contextWindow: number,
): CatalogueModel => ({
  id, name, provider, description, tags, contextWindow,
  inputMicrosPerMTok: Math.round(inputUsdPerMTok * 1_000_000),
  outputMicrosPerMTok: Math.round(outputUsdPerMTok * 1_000_000),
});

export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  model('anthropic/claude-opus-4-6', 'Claude Opus 4.6', 'anthropic', 'Most capable Anthropic model for deep reasoning and agents', ['reasoning', 'coding', 'large'], 15, 75, 200_000),
  model('anthropic/claude-sonnet-4-5', 'Claude Sonnet 4.5', 'anthropic', 'Balanced Anthropic model for everyday agent work', ['general', 'coding', 'large'], 3, 15, 200_000),
  model('anthropic/claude-haiku-4-5', 'Claude Haiku 4.5', 'anthropic', 'Fast, inexpensive Anthropic model', ['fast', 'general'], 1, 5, 200_000),
  model('openai/gpt-4o', 'GPT-4o', 'openai', 'OpenAI flagship multimodal model', ['general', 'creative', 'large'], 2.5, 10, 128_000),
  model('openai/gpt-4o-mini', 'GPT-4o mini', 'openai', 'Small, fast OpenAI model', ['fast', 'general'], 0.15, 0.6, 128_000),
  model('openai/o3', 'o3', 'openai', 'OpenAI reasoning model', ['reasoning'], 2, 8, 200_000),
  model('google/gemini-2.5-pro', 'Gemini 2.5 Pro', 'openrouter', 'Google long-context reasoning model, through the aggregator', ['reasoning', 'coding'], 1.25, 10, 1_000_000),
  model('google/gemini-2.5-flash', 'Gemini 2.5 Flash', 'openrouter', 'Google fast model, through the aggregator', ['fast', 'general'], 0.3, 2.5, 1_000_000),
  model('meta-llama/llama-3.3-70b-instruct', 'Llama 3.3 70B Instruct', 'openrouter', 'Open-weights general model, through the aggregator', ['general', 'creative'], 0.12, 0.3, 128_000),
  model('deepseek/deepseek-r1', 'DeepSeek R1', 'openrouter', 'Open reasoning model, through the aggregator', ['reasoning'], 0.55, 2.19, 128_000),
  model('mistralai/mistral-large', 'Mistral Large', 'openrouter', 'Mistral flagship model, through the aggregator', ['general', 'creative'], 2, 6, 128_000),
  model('qwen/qwen-2.5-coder-32b-instruct', 'Qwen 2.5 Coder 32B', 'openrouter', 'Open coding model, through the aggregator', ['coding', 'fast'], 0.07, 0.16, 32_000),
];

const BY_ID = new Map(MODEL_CATALOGUE.map((entry) => [entry.id, entry]));

export function catalogueModel(id: string): CatalogueModel | undefined {
  return BY_ID.get(id);
}

/**
 * Cost of one call in micro-dollars (cost_usd has six decimals), rounded up so no call is free.
 * A model missing from the catalogue costs nothing rather than failing the write.
 */
export function costMicros(modelId: string, inputTokens: number, outputTokens: number): number {
  const entry = BY_ID.get(modelId);
  if (!entry) return 0;
  const nanoMicros = BigInt(inputTokens) * BigInt(entry.inputMicrosPerMTok) + BigInt(outputTokens) * BigInt(entry.outputMicrosPerMTok);
  return Number((nanoMicros + 999_999n) / 1_000_000n);
}

/** Dollars as a JSON number, six decimals like cost_usd: 1234 -> 0.001234; an average's fraction of a micro-dollar is rounded. */
export function microsToDollars(micros: number): number {
  return Number((micros / 1_000_000).toFixed(6));
}

/** `cost_usd` text for a micro-dollar amount, e.g. 1234 -> "0.001234". */
export function microsToUsd(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  return `${whole}.${String(micros % 1_000_000).padStart(6, '0')}`;
}
