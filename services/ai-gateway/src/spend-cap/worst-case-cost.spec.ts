import { worstCaseCostMicros } from './worst-case-cost.js';

// 30 characters: 10 tokens by the estimate, plus 4 for the message.
const messages = [{ role: 'user' as const, content: 'x'.repeat(30) }];

describe('worstCaseCostMicros', () => {
  it('prices the prompt estimate as input and max_tokens as output at the catalogue price', () => {
    // gpt-4o-mini: $0.15 in, $0.60 out per million: 14 * 0.15 + 1000 * 0.6 = 602.1 micro-dollars, rounded up.
    expect(worstCaseCostMicros(['openai/gpt-4o-mini'], messages, 1000)).toBe(603);
  });

  it('takes the dearest model the chat may fall back to', () => {
    // claude-haiku-4-5: $1 in, $5 out: 14 + 5000.
    expect(worstCaseCostMicros(['openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5'], messages, 1000)).toBe(5014);
  });

  it('is 0 when no model can serve the chat', () => {
    expect(worstCaseCostMicros([], messages, 1000)).toBe(0);
  });
});
