import { streamedUsage } from './streamed-usage.js';

const messages = [{ role: 'system' as const, content: 'Be brief' }, { role: 'user' as const, content: 'Hello there' }];

describe('streamedUsage', () => {
  it.each([
    ['the vendor\'s counts for a complete stream', { promptTokens: 12, completionTokens: 30 }, 'x'.repeat(100), true, { promptTokens: 12, completionTokens: 30 }],
    ['estimates (ceil(chars/4)) when the vendor sent none', {}, 'x'.repeat(10), true, { promptTokens: 5, completionTokens: 3 }],
    ['the vendor\'s prompt count and the text\'s estimate for a stream cut short', { promptTokens: 12, completionTokens: 30 }, 'x'.repeat(9), false, { promptTokens: 12, completionTokens: 3 }],
    ['at least one token for a non-empty answer the vendor counted as none', { promptTokens: 12, completionTokens: 0 }, 'x', true, { promptTokens: 12, completionTokens: 1 }],
    ['no completion tokens for an empty answer', { promptTokens: 12, completionTokens: 0 }, '', true, { promptTokens: 12, completionTokens: 0 }],
  ])('bills %s', (_name, reported, text, complete, expected) => {
    expect(streamedUsage(reported, messages, text, complete)).toEqual(expected);
  });
});
