import { readChunk } from './chat-stream.js';
import { SseParser } from './sse-parser.js';

describe('SseParser', () => {
  it('completes an event only at the blank line', () => {
    const sut = new SseParser();
    expect(sut.push('data: {"a"')).toEqual([]);
    expect(sut.push(':1}\n')).toEqual([]);
    expect(sut.push('\n')).toEqual([{ event: 'message', data: '{"a":1}' }]);
  });

  it('reads several events from one piece', () => {
    expect(new SseParser().push('data: one\n\ndata: two\n\ndata: [DONE]\n\n').map((event) => event.data)).toEqual(['one', 'two', '[DONE]']);
  });

  it('joins data lines, keeps the event name and skips comments', () => {
    expect(new SseParser().push(': keep-alive\nevent: error\ndata: a\ndata: b\nid: 7\n\n')).toEqual([{ event: 'error', data: 'a\nb' }]);
  });

  it('treats \\r\\n split across pieces as one line end', () => {
    const sut = new SseParser();
    expect(sut.push('data: x\r')).toEqual([]);
    expect(sut.push('\n\r\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('ignores a blank line with no data', () => {
    expect(new SseParser().push('\n\nevent: ping\n\n')).toEqual([]);
  });
});

describe('readChunk', () => {
  it('reads the delta text of a chunk', () => {
    expect(readChunk('{"choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}')).toEqual({ text: 'Hel' });
  });

  it('reads a chunk without content as no text', () => {
    expect(readChunk('{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}')).toEqual({ text: '' });
  });

  it('reads the error event a broken stream ends with', () => {
    expect(readChunk('{"error":{"message":"Stream interrupted","type":"server_error"}}')).toEqual({ error: 'Stream interrupted' });
  });
});
