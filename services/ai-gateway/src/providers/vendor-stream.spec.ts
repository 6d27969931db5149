import { ProviderError, type StreamEvent } from './chat-provider.js';
import { OpenAiStreamTranslator } from './openai-chat.stream.js';
import { IdleTimeout, vendorEvents } from './vendor-stream.js';

const text = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
/** A body delivering each string as one network read. */
const body = (...reads: string[]) => new ReadableStream<Uint8Array>({
  start(controller) {
    for (const read of reads) controller.enqueue(new TextEncoder().encode(read));
    controller.close();
  },
});

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
  const read = (...reads: string[]) => collect(vendorEvents(body(...reads), new OpenAiStreamTranslator(), new IdleTimeout(1000)));

  it('yields the events of one network read together, and ends at the end marker', async () => {
    expect(await read(text('a') + text('b'), `${text('c')}data: [DONE]\n\n`)).toEqual({
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

  it('aborts its signal when the vendor falls silent between reads', async () => {
    const sut = new IdleTimeout(50);
    sut.touch();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sut.signal.aborted).toBe(true);
    expect((sut.signal.reason as Error).name).toBe('TimeoutError');
  });
});
