import type { TestClient } from './test-client.js';

/** A streamed response read as a client would: data payloads one at a time, as they arrive. */
export interface OpenedEventStream {
  status: number;
  headers: Headers;
  /** The next event's data (JSON parsed, `[DONE]` as is); null once the response has ended. */
  next(): Promise<any>;
  /** Every remaining event's data, until the response ends. */
  rest(): Promise<any[]>;
  /** Hangs up, as a client closing its tab. */
  cancel(): Promise<void>;
  /** The body of a response that is not an event stream (an error answered before the stream). */
  json(): Promise<any>;
}

/** POSTs `body` as `client` (its headers and IP) and opens the answer as a server-sent event stream. */
export async function postEventStream(client: TestClient, path: string, body: unknown): Promise<OpenedEventStream> {
  const response = await client.open('POST', path, body);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<any> => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
        return data === '[DONE]' ? data : JSON.parse(data);
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    next,
    async rest() {
      const all: any[] = [];
      for (let data = await next(); data !== null; data = await next()) all.push(data);
      return all;
    },
    cancel: () => reader.cancel(),
    async json() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return JSON.parse(buffer);
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}
