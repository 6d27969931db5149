import type { LlmMessage } from './llm-completion.js';

/** Reads the fields both vendor protocols share; null when the body is not a usable request. */
export function readLlmRequest(body: unknown): { model: string; messages: LlmMessage[]; maxTokens: number | null; system: string | null } | null {
  if (!body || typeof body !== 'object') return null;
  const { model, messages, max_tokens: maxTokens, system } = body as Record<string, unknown>;
  if (typeof model !== 'string' || !model || !Array.isArray(messages) || messages.length === 0) return null;
  const valid = messages.every((message) => message && typeof message === 'object'
    && typeof (message as LlmMessage).role === 'string' && typeof (message as LlmMessage).content === 'string');
  if (!valid) return null;
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) return null;
  return {
    model,
    messages: messages as LlmMessage[],
    maxTokens: (maxTokens as number | undefined) ?? null,
    system: typeof system === 'string' ? system : null,
  };
}

/** Settles when the client hangs up, so a hung answer ends with the connection. */
export function connectionClosed(raw: { once(event: 'close', listener: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => raw.once('close', () => resolve()));
}
