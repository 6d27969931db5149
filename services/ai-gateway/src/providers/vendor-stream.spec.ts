import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { OutboundHttp } from '@platform/http';
import { ProviderError, type StreamEvent } from './chat-provider.js';
import { OpenAiStreamTranslator } from './openai-chat.stream.js';
import { IdleTimeout, vendorEvents } from './vendor-stream.js';

const text = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
const DONE = 'data: [DONE]\n\n';
/** A body delivering each string as one network read. */
const body = (...reads: string[]) => Readable.from(reads.map((read) => Buffer.from(read)));

async function collect(source: AsyncGenerator<StreamEvent[]>): Promise<{ batches: StreamEvent[][]; error?: unknown }> {
  const batches: StreamEvent[][] = [];
  try {
    for await (const batch of source) batches.push(batch);
  } catch (error) {
    return { batches, error };
  }
  return { batches };
}

describe('vendorEvents', () => {
  const events = (source: Readable) => vendorEvents(source, new OpenAiStreamTranslator(), new IdleTimeout(1000));
  const read = (...reads: string[]) => collect(events(body(...reads)));

  it('yields the events of one network read together, and ends at the end marker', async () => {
    expect(await read(text('a') + text('b'), `${text('c')}${DONE}`)).toEqual({
      batches: [[{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], [{ type: 'text', text: 'c' }, { type: 'done' }]],
    });
  });

  it('yields what came before the vendor\'s error event in the same read, then fails', async () => {
    const { batches, error } = await read(`${text('a')}data: {"error":{"message":"overloaded"}}\n\n`);
    expect(batches).toEqual([[{ type: 'text', text: 'a' }]]);
    expect(error).toEqual(new ProviderError('stream error: overloaded'));
  });

  it('fails when the body ends before the end marker', async () => {
    const { batches, error } = await read(text('a'));
    expect(batches).toEqual([[{ type: 'text', text: 'a' }]]);
    expect(error).toEqual(new ProviderError('the stream ended before its end marker'));
  });

  it('reads the body to its end after the end marker rather than closing it', async () => {
    const source = body(text('a') + DONE, '0\r\n\r\n');

    await collect(events(source));
    await finished(source);

    expect(source.readableEnded).toBe(true);
  });

  it('closes the body when its reader leaves before the end marker', async () => {
    const source = body(text('a'), text('b') + DONE);
    const reader = events(source);

    await reader.next();
    await reader.return([]);

    expect(source.destroyed).toBe(true);
    expect(source.readableEnded).toBe(false);
  });

  it('closes a body the vendor does not end within a second of the end marker', async () => {
    const source = new PassThrough();
    source.write(text('a') + DONE);

    await collect(events(source));
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect(source.destroyed).toBe(true);
  });

  it('lets streamed calls one after another share one connection', async () => {
    const ports: number[] = [];
    const vendor = createServer((request, response) => {
      ports.push(request.socket.remotePort!);
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end(text('a') + DONE);
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    const http = new OutboundHttp('vendor', { timeoutMs: 1000 });
    const url = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/`;
    try {
      for (let call = 0; call < 2; call += 1) {
        const answer = await http.postStream(url, { headers: {}, body: '{}' });
        await collect(events(answer.body));
        await finished(answer.body).catch(() => undefined);
      }
    } finally {
      http.shutdown();
      vendor.closeAllConnections();
      await new Promise((resolve) => vendor.close(resolve));
    }

    expect(ports).toHaveLength(2);
    expect(ports[1]).toBe(ports[0]);
  });

  it('aborts its signal when the vendor falls silent between reads', async () => {
    const sut = new IdleTimeout(50);
    sut.touch();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sut.signal.aborted).toBe(true);
    expect((sut.signal.reason as Error).name).toBe('TimeoutError');
  });
});
