import { costMicros, type ChatMessageDto } from '@platform/contracts';
import { worstCaseTokens } from '../quota/quota-period.js';

/**
 * The most a chat can cost, reserved against a key's spend cap before the call: the quota's prompt
 * estimate as input and every max_tokens as output, priced as the usage worker prices the row, on
 * the dearest model the chat may fall back to.
 */
export function worstCaseCostMicros(models: readonly string[], messages: ChatMessageDto[], maxTokens: number): number {
  const promptTokens = worstCaseTokens(messages, 0);
  return Math.max(0, ...models.map((model) => costMicros(model, promptTokens, maxTokens)));
}
