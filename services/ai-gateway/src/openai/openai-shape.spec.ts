import { PLAN_MODELS, type ChatReply } from '@platform/contracts';
import { CATALOGUE_CREATED, modelList, toChatRequest, toCompletion } from './openai-shape.js';

const reply = (completionTokens: number): ChatReply => ({
  id: 'chatcmpl-1',
  model: 'openai/gpt-4o-mini',
  provider: 'openai',
  message: { role: 'assistant', content: 'Hi' },
  usage: { prompt_tokens: 5, completion_tokens: completionTokens, total_tokens: 5 + completionTokens },
  timestamp: '2026-11-23T07:00:00.000Z',
});

describe('toChatRequest', () => {
  it('reads developer as system and joins text parts', () => {
    const chat = toChatRequest({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'developer', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'Hi ' }, { type: 'text', text: 'there' }] }],
    });

    expect(chat.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi there' }]);
  });

  it('takes max_completion_tokens over max_tokens', () => {
    const messages = [{ role: 'user' as const, content: 'Hi' }];
    expect(toChatRequest({ model: 'm', messages, max_tokens: 100, max_completion_tokens: 20 }).max_tokens).toBe(20);
    expect(toChatRequest({ model: 'm', messages, max_tokens: 100 }).max_tokens).toBe(100);
  });
});

describe('toCompletion', () => {
  it('is a chat.completion with one choice, created in unix seconds', () => {
    expect(toCompletion(reply(3), 100)).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: Date.parse('2026-11-23T07:00:00.000Z') / 1000,
      model: 'openai/gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
    });
  });

  it('says length when the answer used every token it was allowed', () => {
    expect(toCompletion(reply(100), 100).choices[0]!.finish_reason).toBe('length');
  });
});

describe('modelList', () => {
  it('lists the plan\'s models in OpenAI\'s shape, owned by their vendor', () => {
    const list = modelList('label');

    expect(list.object).toBe('list');
    expect(list.data.map((model) => model.id).sort()).toEqual([...(PLAN_MODELS.label as string[])].sort());
    expect(list.data).toContainEqual({ id: 'google/gemini-2.5-flash', object: 'model', created: CATALOGUE_CREATED, owned_by: 'google' });
  });
});
