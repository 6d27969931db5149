import { SseParser } from './sse-parser.js';

describe('SseParser', () => {
  let sut: SseParser;

  beforeEach(() => {
    sut = new SseParser();
  });

  it('reads data-only events', () => {
    expect(sut.push('data: {"a":1}\n\ndata: [DONE]\n\n')).toEqual([{ data: '{"a":1}' }, { data: '[DONE]' }]);
  });

  it('reads named events', () => {
    expect(sut.push('event: message_start\ndata: {"type":"message_start"}\n\n')).toEqual([{ event: 'message_start', data: '{"type":"message_start"}' }]);
  });

  it('keeps an event cut across network chunks until its blank line', () => {
    expect(sut.push('event: ping\nda')).toEqual([]);
    expect(sut.push('ta: {}\n')).toEqual([]);
    expect(sut.push('\n')).toEqual([{ event: 'ping', data: '{}' }]);
  });

  it('joins multi-line data and accepts CRLF line ends', () => {
    expect(sut.push('data: one\r\ndata: two\r\n\r\n')).toEqual([{ data: 'one\ntwo' }]);
  });

  it('skips comments and events without data', () => {
    expect(sut.push(': keep-alive\n\nevent: empty\n\ndata:x\n\n')).toEqual([{ data: 'x' }]);
  });
});
