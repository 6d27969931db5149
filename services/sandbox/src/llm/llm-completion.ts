import { countTokens, firstTokens, MESSAGE_OVERHEAD_TOKENS } from './llm-tokens.js';

export interface LlmMessage {
  role: string;
  content: string;
}

export interface LlmCompletion {
  text: string;
  promptTokens: number;
  completionTokens: number;
  /** True when max_tokens cut the reply. */
  truncated: boolean;
}

/**
 * A deterministic answer computed from the input: the model names itself and echoes the last
 * user message, so a test can tell which model served a request and what it was sent.
 */
export function complete(model: string, messages: LlmMessage[], maxTokens: number): LlmCompletion {
  const lastUser = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const full = `${model} reply: ${lastUser}`;
  const text = firstTokens(full, maxTokens);
  return {
    text,
    promptTokens: messages.reduce((sum, message) => sum + countTokens(message.content) + MESSAGE_OVERHEAD_TOKENS, 0),
    completionTokens: countTokens(text),
    truncated: text.length < full.length,
  };
}
