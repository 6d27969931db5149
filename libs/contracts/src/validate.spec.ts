import { ApiError } from './api-error.js';
import { CreateAgentDto } from './agents/agent.dtos.js';
import { AI_MESSAGES } from './ai/ai-messages.js';
import { ChatRequestDto } from './ai/chat.dto.js';
import { validateAs } from './validate.js';

describe('validateAs', () => {
  it('returns an instance of the class for a payload that keeps its rules', () => {
    const sut = validateAs(CreateAgentDto, { name: 'Helper', config: { tools: { memory: true } } });
    expect(sut).toBeInstanceOf(CreateAgentDto);
    expect(sut).toEqual({ name: 'Helper', config: { tools: { memory: true } } });
  });

  it('answers 400 with the first failing rule\'s words', () => {
    expect(() => validateAs(ChatRequestDto, { messages: [] })).toThrow(new ApiError(400, AI_MESSAGES.messagesRequired));
  });

  it.each([
    ['a nested `constructor` that is not a class (class-transformer would throw)', '{"name":"Helper","config":{"constructor":1}}', 'constructor'],
    ['a nested `constructor` object', '{"name":"Helper","config":{"a":[{"constructor":{}}]}}', 'constructor'],
    ['a `__proto__` key', '{"name":"Helper","__proto__":{"isAdmin":true}}', '__proto__'],
  ])('answers 400 for %s', (_, json, key) => {
    const call = () => validateAs(CreateAgentDto, JSON.parse(json));
    expect(call).toThrow(ApiError);
    expect(call).toThrow(`Field name ${key} is not allowed`);
  });

  it.each([
    ['a field', { name: 'Help\u0000er' }],
    ['a nested value', { name: 'Helper', config: { tools: ['memory', 'we\u0000b'] } }],
    ['a nested key', { name: 'Helper', config: { 'a\u0000': 1 } }],
  ])('answers 400 for a NUL in %s, which PostgreSQL would refuse', (_, payload) => {
    expect(() => validateAs(CreateAgentDto, payload)).toThrow(new ApiError(400, 'Text may not contain NUL characters'));
  });
});
