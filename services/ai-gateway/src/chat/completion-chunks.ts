import type { FinishReason } from '../providers/chat-provider.js';

/**
 * One streamed answer's chunks in the chat-completions format, serialized: every chunk carries
 * the same id, creation time and (catalogue) model, whichever vendor protocol produced the text.
 */
export class CompletionChunks {
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(private readonly id: string, private readonly model: string) {}

  role(): string {
    return this.delta({ role: 'assistant', content: '' }, null);
  }

  text(content: string): string {
    return this.delta({ content }, null);
  }

  finish(reason: FinishReason): string {
    return this.delta({}, reason);
  }

  /** The last chunk, sent when the caller asked with stream_options.include_usage: no choices, the usage. */
  usage({ promptTokens, completionTokens }: { promptTokens: number; completionTokens: number }): string {
    return JSON.stringify({
      ...this.head(), choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }

  private delta(delta: object, finishReason: FinishReason | null): string {
    return JSON.stringify({ ...this.head(), choices: [{ index: 0, delta, finish_reason: finishReason }] });
  }

  private head() {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
  }
}

/** The event a stream ends with when it breaks off after its first chunk: the chat-completions error object. */
export function streamErrorEvent(message: string): string {
  return JSON.stringify({ error: { message, type: 'server_error', param: null, code: null } });
}
