import { ProviderError, type StreamEvent, type StreamTranslator } from './chat-provider.js';
import type { SseEvent } from './sse-parser.js';

interface MessagesEvent {
  type?: string;
  message?: { usage?: { input_tokens?: unknown } };
  delta?: { type?: string; text?: unknown; stop_reason?: unknown };
  usage?: { output_tokens?: unknown };
  error?: { message?: unknown };
}

/**
 * The messages protocol's stream: message_start (with the input tokens), text in
 * content_block_delta, message_delta with the stop reason and the output tokens (cumulative),
 * message_stop; `error` when the vendor fails mid-stream. Pings and block starts/stops carry nothing.
 */
export class AnthropicStreamTranslator implements StreamTranslator {
  translate({ event, data }: SseEvent): StreamEvent[] {
    let body: MessagesEvent;
    try {
      body = JSON.parse(data) as MessagesEvent;
    } catch {
      throw new ProviderError('unreadable stream event');
    }
    switch (event ?? body.type) {
      case 'message_start': {
        const input = body.message?.usage?.input_tokens;
        return Number.isInteger(input) ? [{ type: 'usage', promptTokens: input as number }] : [];
      }
      case 'content_block_delta':
        return body.delta?.type === 'text_delta' && typeof body.delta.text === 'string' && body.delta.text
          ? [{ type: 'text', text: body.delta.text }]
          : [];
      case 'message_delta': {
        const events: StreamEvent[] = [];
        if (typeof body.delta?.stop_reason === 'string') events.push({ type: 'finish', reason: body.delta.stop_reason === 'max_tokens' ? 'length' : 'stop' });
        const output = body.usage?.output_tokens;
        if (Number.isInteger(output)) events.push({ type: 'usage', completionTokens: output as number });
        return events;
      }
      case 'message_stop':
        return [{ type: 'done' }];
      case 'error':
        throw new ProviderError(`stream error: ${String(body.error?.message ?? 'unknown')}`);
      default:
        return [];
    }
  }
}
