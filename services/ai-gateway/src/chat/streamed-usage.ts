import type { ChatMessageDto } from '@platform/contracts';

/**
 * The documented estimate for what a vendor did not count (a stream cut short, or a vendor that
 * sends no usage): about four characters per token, the usual rule of thumb for English text with
 * BPE tokenizers. Rounded up, so a non-empty text is never billed as nothing.
 */
export const CHARS_PER_TOKEN = 4;

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/** Token counts as a vendor's stream reported them, either one possibly missing. */
export interface ReportedUsage {
  promptTokens?: number;
  completionTokens?: number;
}

/**
 * What a streamed chat is billed: the vendor's own counts when it gave them, estimates otherwise.
 * The vendor's completion count only stands for a stream that reached its end (`complete`): one
 * cut short (the caller left, the vendor broke off) is billed for the text that was produced.
 */
export function streamedUsage(
  reported: ReportedUsage, messages: ChatMessageDto[], text: string, complete: boolean,
): { promptTokens: number; completionTokens: number } {
  const promptTokens = reported.promptTokens ?? estimateTokens(messages.map((message) => message.content).join(''));
  const counted = complete ? reported.completionTokens : undefined;
  const completionTokens = counted ?? estimateTokens(text);
  return { promptTokens, completionTokens: text && completionTokens === 0 ? 1 : completionTokens };
}
