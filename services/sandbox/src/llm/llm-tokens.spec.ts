import { complete } from './llm-completion.js';
import { countTokens, firstTokens } from './llm-tokens.js';

describe('countTokens', () => {
  it.each([
    ['', 0],
    ['Hello there', 2],
    ['gpt-4o-mini reply: Hi', 8],
    ['naïve café, 42!', 5],
  ])('counts %j as %i', (text, count) => {
    expect(countTokens(text)).toBe(count);
  });
});

describe('firstTokens', () => {
  it('cuts after the given number of tokens and keeps a shorter text whole', () => {
    expect(firstTokens('one two, three', 3)).toBe('one two,');
    expect(firstTokens('one two', 5)).toBe('one two');
  });
});

describe('complete', () => {
  it('echoes the last user message under the model name, counting 3 tokens per message', () => {
    expect(complete('m', [{ role: 'system', content: 'Be brief' }, { role: 'user', content: 'Hi' }], 100)).toEqual({
      text: 'm reply: Hi', promptTokens: 2 + 3 + 1 + 3, completionTokens: 4, truncated: false,
    });
  });

  it('stops at max tokens', () => {
    expect(complete('m', [{ role: 'user', content: 'a b c d' }], 3)).toMatchObject({ text: 'm reply:', completionTokens: 3, truncated: true });
  });
});
