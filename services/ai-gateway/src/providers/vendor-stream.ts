import type { Readable } from 'node:stream';
import { ProviderError, type StreamEvent, type StreamTranslator } from './chat-provider.js';
import { SseParser } from './sse-parser.js';

/** How long a vendor may take to end its response after the end marker before its connection is closed instead of kept. */
const END_AFTER_MARKER_MS = 1000;

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
 * ends before it is a failure, not a short answer. After the end marker the rest of the body (the
 * chunked encoding's last chunk) is read to its end, so the connection goes back to the keep-alive
 * pool: destroying the body there made every streamed call open a connection of its own. Leaving
 * the loop anywhere else cancels the body, which closes the vendor's connection.
 */
export async function* vendorEvents(body: Readable, translator: StreamTranslator, idle: IdleTimeout): AsyncGenerator<StreamEvent[]> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  let ended = false;
  idle.touch();
  try {
    for await (const bytes of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>) {
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
          ended = true;
          yield events;
          return;
        }
      }
      if (events.length) yield events;
    }
    throw new ProviderError('the stream ended before its end marker');
  } finally {
    idle.stop();
    if (ended) readToEnd(body);
    else body.destroy();
  }
}

/** Reads what is left of a body whose answer is complete, closing it if the vendor does not end it soon. */
function readToEnd(body: Readable): void {
  if (body.readableEnded || body.destroyed) return;
  const limit = setTimeout(() => body.destroy(), END_AFTER_MARKER_MS);
  limit.unref();
  body.once('close', () => clearTimeout(limit));
  // Anything wrong after the end marker changes nothing in an answer already complete.
  body.on('error', () => undefined);
  body.resume();
}
