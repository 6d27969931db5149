import { ConfigError } from '@platform/config';
import { parseRuntimeConfig } from './runtime-config.js';

describe('parseRuntimeConfig', () => {
  it('gives the defaults for an empty config and keeps what it does not read', () => {
    expect(parseRuntimeConfig('{"tone":"dry"}')).toMatchObject({ maxHistory: 200, maxMemory: 500, memoryRecall: 5, systemPrompt: 'You are a helpful agent.', skills: [], tone: 'dry' });
  });

  it.each([
    ['not json', 'AGENT_CONFIG is not valid JSON'],
    ['[1]', 'AGENT_CONFIG must be a JSON object'],
    ['{"maxHistory":0}', 'Invalid agent config: config.maxHistory must be an integer from 1 to 10000'],
    ['{"maxMemory":10001}', 'Invalid agent config: config.maxMemory must be an integer from 1 to 10000'],
    ['{"memoryRecall":"3"}', 'Invalid agent config: config.memoryRecall must be an integer from 0 to 50'],
    ['{"systemPrompt":5}', 'Invalid agent config: config.systemPrompt must be a string'],
    ['{"skills":"venue-finder"}', 'Invalid agent config: config.skills must be an array of skill ids'],
    ['{"skills":[1]}', 'Invalid agent config: config.skills must be an array of skill ids'],
  ])('refuses %s with a ConfigError (exit code 78)', (json, message) => {
    expect(() => parseRuntimeConfig(json)).toThrow(new ConfigError(message));
  });
});
