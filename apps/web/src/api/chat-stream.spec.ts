import { afterEach, jest } from '@jest/globals';
import { streamChat } from './chat-stream.js';

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** A fetch answering with `pieces` as the body's separate network reads. */
function answerWith(pieces: string[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });
  const fetch = jest.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }));
  globalThis.fetch = fetch;
  return fetch;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('streamChat', () => {
  it('posts the conversation with stream: true and hands over each piece as it arrives', async () => {
    const fetch = answerWith([chunk('Hel'), chunk('lo') + chunk(' there'), 'data: [DONE]\n\n']);
    const pieces: string[] = [];
    const answer = await streamChat([{ role: 'user', content: 'Hi' }], (piece) => pieces.push(piece));
    expect(pieces).toEqual(['Hel', 'lo', ' there']);
    expect(answer).toBe('Hello there');
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method, JSON.parse(init?.body as string)]).toEqual(['/api/chat', 'POST', { messages: [{ role: 'user', content: 'Hi' }], stream: true }]);
  });

  it('reads an event split across network reads', async () => {
    const event = chunk('split');
    answerWith([event.slice(0, 10), event.slice(10), 'data: [DONE]\n\n']);
    const pieces: string[] = [];
    await streamChat([{ role: 'user', content: 'Hi' }], (piece) => pieces.push(piece));
    expect(pieces).toEqual(['split']);
  });

  it('fails with the words of the error event a broken stream ends with', async () => {
    answerWith([chunk('Par'), `data: ${JSON.stringify({ error: { message: 'Stream interrupted', type: 'server_error' } })}\n\n`, 'data: [DONE]\n\n']);
    await expect(streamChat([{ role: 'user', content: 'Hi' }], () => undefined)).rejects.toThrow('Stream interrupted');
  });

  it('fails with the API error before any stream starts', async () => {
    answerWith([JSON.stringify({ error: 'Active subscription required', code: 'SUBSCRIPTION_REQUIRED' })], 402);
    await expect(streamChat([{ role: 'user', content: 'Hi' }], () => undefined)).rejects.toThrow('Active subscription required');
  });
});
