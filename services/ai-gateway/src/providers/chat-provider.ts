import type { SseEvent } from './sse-parser.js';
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
 * What a vendor's stream says, whatever its protocol: a piece of text, token counts as the
 * vendor reports them (either count alone, as the messages protocol sends them in two events),
 * why the answer stopped, and the protocol's own end marker.
 */
export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'usage'; promptTokens?: number; completionTokens?: number }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'done' };

/** The chat-completions protocol's names: `length` when max_tokens cut the answer. */
export type FinishReason = 'stop' | 'length';

/** Reads one vendor stream's events in order; throws ProviderError for the vendor's error event. */
export interface StreamTranslator {
  translate(event: SseEvent): StreamEvent[];
}

/**
 * Builds the vendor's HTTP request and reads its answer; the registry sends it. The key is given
 * per call: the platform's, or a user's own (bring-your-own-key).
 */
export interface ChatProtocol {
  /** `stream` asks for server-sent events, with the vendor's usage in them. */
  request(request: CompletionRequest, apiKey: string, stream?: boolean): { path: string; headers: Record<string, string>; body: unknown };
  parse(body: unknown): Completion;
  /** A fresh translator for one streamed answer. */
  streamTranslator(): StreamTranslator;
}
