import type { ServerResponse } from 'node:http';
import type { LlmControls } from './llm-controls.service.js';
import { tokenPieces } from './llm-tokens.js';

/** One answer sent as server-sent events, each written (and so flushed) on its own. */
export class LlmEventStream {
  constructor(private readonly raw: ServerResponse) {
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  }

  /** `event:` lines are the messages protocol's; the chat-completions protocol sends data lines only. */
  send(data: unknown, event?: string): void {
    if (this.raw.destroyed) return;
    this.raw.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (!this.raw.destroyed) this.raw.end();
  }

  /**
   * Sends the text piece by piece through `piece`, applying the model's stream controls before each.
   * 'fail' and 'gone' stop it there: the vendor broke off, or the client hung up.
   */
  async pieces(text: string, model: string, controls: LlmControls, piece: (text: string) => void): Promise<'done' | 'fail' | 'gone'> {
    const all = tokenPieces(text);
    for (const [index, part] of all.entries()) {
      const outcome = await controls.beforePiece(model, index, this.raw);
      if (outcome !== 'write') return outcome;
      piece(part);
    }
    return this.raw.destroyed ? 'gone' : 'done';
  }
}
