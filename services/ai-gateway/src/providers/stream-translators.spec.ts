import { AnthropicStreamTranslator } from './anthropic-messages.stream.js';
import { ProviderError } from './chat-provider.js';
import { OpenAiStreamTranslator } from './openai-chat.stream.js';

const chunk = (body: object) => ({ data: JSON.stringify(body) });
const named = (event: string, body: object) => ({ event, data: JSON.stringify({ type: event, ...body }) });

describe('OpenAiStreamTranslator', () => {
  const sut = new OpenAiStreamTranslator();

  it.each([
    ['a role chunk', chunk({ choices: [{ delta: { role: 'assistant', content: '' }, finish_reason: null }] }), []],
    ['a text delta', chunk({ choices: [{ delta: { content: 'Hel' }, finish_reason: null }] }), [{ type: 'text', text: 'Hel' }]],
    ['the finish chunk', chunk({ choices: [{ delta: {}, finish_reason: 'stop' }] }), [{ type: 'finish', reason: 'stop' }]],
    ['a cut answer', chunk({ choices: [{ delta: {}, finish_reason: 'length' }] }), [{ type: 'finish', reason: 'length' }]],
    ['the usage chunk', chunk({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 9 } }), [{ type: 'usage', promptTokens: 5, completionTokens: 9 }]],
    ['usage: null on an ordinary chunk', chunk({ choices: [{ delta: { content: 'x' } }], usage: null }), [{ type: 'text', text: 'x' }]],
    ['[DONE]', { data: '[DONE]' }, [{ type: 'done' }]],
  ])('reads %s', (_name, event, expected) => {
    expect(sut.translate(event)).toEqual(expected);
  });

  it('throws the vendor\'s mid-stream error', () => {
    expect(() => sut.translate(chunk({ error: { message: 'overloaded' } }))).toThrow(new ProviderError('stream error: overloaded'));
  });

  it('throws on an unreadable chunk', () => {
    expect(() => sut.translate({ data: '{oops' })).toThrow(ProviderError);
  });
});

describe('AnthropicStreamTranslator', () => {
  const sut = new AnthropicStreamTranslator();

  it.each([
    ['message_start', named('message_start', { message: { usage: { input_tokens: 12, output_tokens: 1 } } }), [{ type: 'usage', promptTokens: 12 }]],
    ['content_block_start', named('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }), []],
    ['ping', named('ping', {}), []],
    ['a text delta', named('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hi' } }), [{ type: 'text', text: 'Hi' }]],
    ['message_delta', named('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } }),
      [{ type: 'finish', reason: 'stop' }, { type: 'usage', completionTokens: 7 }]],
    ['a max_tokens stop', named('message_delta', { delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 3 } }),
      [{ type: 'finish', reason: 'length' }, { type: 'usage', completionTokens: 3 }]],
    ['message_stop', named('message_stop', {}), [{ type: 'done' }]],
  ])('reads %s', (_name, event, expected) => {
    expect(sut.translate(event)).toEqual(expected);
  });

  it('throws the vendor\'s error event', () => {
    expect(() => sut.translate(named('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }))).toThrow(new ProviderError('stream error: Overloaded'));
  });
});
