import { ProviderError, type StreamEvent, type StreamTranslator } from './chat-provider.js';
import { SseParser } from './sse-parser.js';

/**
 * Aborts a streamed call whose vendor falls silent for `ms` between pieces; armed once the
 * response has started (the outbound timeout bounds the wait for that).
 */
export class IdleTimeout {
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;

  constructor(private readonly ms: number) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(new DOMException(`no stream data for ${this.ms} ms`, 'TimeoutError')), this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/**
 * A vendor's event stream as StreamEvents, yielded as soon as their bytes arrive: all the events of
 * one network read together, so that whoever relays them can send them on in one go (one socket
 * write for the lot rather than one per event). It ends at the protocol's end marker; a body that
 * ends before it is a failure, not a short answer. Leaving the loop early cancels the body, which
 * closes the vendor's connection.
 */
export async function* vendorEvents(body: AsyncIterable<Uint8Array>, translator: StreamTranslator, idle: IdleTimeout): AsyncGenerator<StreamEvent[]> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  idle.touch();
  try {
    for await (const bytes of body) {
      idle.touch();
      const events: StreamEvent[] = [];
      for (const event of parser.push(decoder.decode(bytes, { stream: true }))) {
        let translated: StreamEvent[];
        try {
          translated = translator.translate(event);
        } catch (error) {
          // What the vendor sent before its error event is part of the answer, and may already commit it.
          if (events.length) yield events;
          throw error;
        }
        events.push(...translated);
        if (translated.some((item) => item.type === 'done')) {
          yield events;
          return;
        }
      }
      if (events.length) yield events;
    }
    throw new ProviderError('the stream ended before its end marker');
  } finally {
    idle.stop();
  }
}
