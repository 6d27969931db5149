import { AGENT_MESSAGES } from '@contracts/agents/agent-messages.js';
import { HEARTBEAT_FREQUENCY as API_FREQUENCY } from '@contracts/agents/agent.dtos.js';
import { frequencyRule, HEARTBEAT_FREQUENCY } from './heartbeat-rules.js';

describe('frequencyRule', () => {
  it('is the API\'s own pattern', () => {
    expect(HEARTBEAT_FREQUENCY.source).toBe(API_FREQUENCY.source);
  });

  it.each([['3h'], ['15m'], ['1d'], ['999999m']])('accepts %j', (value) => {
    expect(frequencyRule(value, {})).toBeUndefined();
  });

  it.each([[''], ['0h'], ['3'], ['h'], ['3 hours'], ['1.5h'], ['1000000m']])('refuses %j in the API\'s words', (value) => {
    expect(frequencyRule(value, {})).toBe(AGENT_MESSAGES.invalidFrequency);
  });
});
