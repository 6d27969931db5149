import type { LlmMessage } from './llm-completion.js';

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  maxTokens: number | null;
  /** Chat-completions only: OpenAI's newer name for max_tokens. */
  maxCompletionTokens: number | null;
  temperature: number | null;
  topP: number | null;
  system: string | null;
  /** Server-sent events asked for. */
  stream: boolean;
  /** Chat-completions only: stream_options.include_usage, a final chunk with the usage. */
  includeUsage: boolean;
}

const isTokenLimit = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 1);
const isNumberOrAbsent = (value: unknown) => value === undefined || typeof value === 'number';

/** Reads the fields both vendor protocols share; null when the body is not a usable request. */
export function readLlmRequest(body: unknown): LlmRequest | null {
  if (!body || typeof body !== 'object') return null;
  const {
    model, messages, max_tokens: maxTokens, max_completion_tokens: maxCompletionTokens, temperature, top_p: topP, system,
    stream, stream_options: streamOptions,
  } = body as Record<string, unknown>;
  if (typeof model !== 'string' || !model || !Array.isArray(messages) || messages.length === 0) return null;
  const valid = messages.every((message) => message && typeof message === 'object'
    && typeof (message as LlmMessage).role === 'string' && typeof (message as LlmMessage).content === 'string');
  if (!valid) return null;
  if (!isTokenLimit(maxTokens) || !isTokenLimit(maxCompletionTokens)) return null;
  if (!isNumberOrAbsent(temperature) || !isNumberOrAbsent(topP)) return null;
  return {
    model,
    messages: messages as LlmMessage[],
    maxTokens: (maxTokens as number | undefined) ?? null,
    maxCompletionTokens: (maxCompletionTokens as number | undefined) ?? null,
    temperature: (temperature as number | undefined) ?? null,
    topP: (topP as number | undefined) ?? null,
    system: typeof system === 'string' ? system : null,
    stream: stream === true,
    includeUsage: (streamOptions as { include_usage?: unknown } | undefined)?.include_usage === true,
  };
}

/** The raw response of a vendor call, as a hung answer needs it. */
export interface Connection {
  once(event: 'close', listener: () => void): unknown;
  destroy(): unknown;
}

/** Settles when the client hangs up, so a hung answer ends with the connection. */
export function connectionClosed(raw: Connection): Promise<'closed'> {
  return new Promise((resolve) => raw.once('close', () => resolve('closed')));
}
