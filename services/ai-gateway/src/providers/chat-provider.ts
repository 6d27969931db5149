import type { ChatMessageDto } from '@platform/contracts';

/** One call to one model, in the vendor's own model name. */
export interface CompletionRequest {
  model: string;
  messages: ChatMessageDto[];
  maxTokens: number;
  temperature?: number;
  topP?: number;
}

export interface Completion {
  id: string;
  content: string;
  promptTokens: number;
  completionTokens: number;
}

/** A vendor answered, but not with a completion (4xx, or a body the protocol does not allow). */
export class ProviderError extends Error {}

/**
 * Builds the vendor's HTTP request and reads its answer; the registry sends it. The key is given
 * per call: the platform's, or a user's own (bring-your-own-key).
 */
export interface ChatProtocol {
  request(request: CompletionRequest, apiKey: string): { path: string; headers: Record<string, string>; body: unknown };
  parse(body: unknown): Completion;
}
