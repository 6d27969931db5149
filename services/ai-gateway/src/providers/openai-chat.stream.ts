import { ProviderError, type StreamEvent, type StreamTranslator } from './chat-provider.js';
import type { SseEvent } from './sse-parser.js';

interface ChunkBody {
  error?: { message?: unknown };
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
}

/**
 * The chat-completions stream: `data:` chunks whose deltas carry the text, a chunk with the finish
 * reason, the usage chunk (empty choices) asked for with stream_options.include_usage, then
 * `data: [DONE]`. A vendor failing mid-stream sends an `error` object instead of a chunk.
 */
export class OpenAiStreamTranslator implements StreamTranslator {
  translate({ data }: SseEvent): StreamEvent[] {
    if (data === '[DONE]') return [{ type: 'done' }];
    let chunk: ChunkBody;
    try {
      chunk = JSON.parse(data) as ChunkBody;
    } catch {
      throw new ProviderError('unreadable stream chunk');
    }
    if (chunk.error) throw new ProviderError(`stream error: ${String(chunk.error.message ?? 'unknown')}`);
    const events: StreamEvent[] = [];
    const choice = chunk.choices?.[0];
    const content = choice?.delta?.content;
    if (typeof content === 'string' && content) events.push({ type: 'text', text: content });
    if (typeof choice?.finish_reason === 'string') events.push({ type: 'finish', reason: choice.finish_reason === 'length' ? 'length' : 'stop' });
    const { prompt_tokens: prompt, completion_tokens: completion } = chunk.usage ?? {};
    if (Number.isInteger(prompt) && Number.isInteger(completion)) {
      events.push({ type: 'usage', promptTokens: prompt as number, completionTokens: completion as number });
    }
    return events;
  }
}
