import { SCHEDULER_MESSAGES } from '@contracts/scheduler/scheduler-messages.js';
import { cronRule, taskRules } from './task-rules.js';

describe('cronRule', () => {
  it.each([
    ['0 9 * * 1-5'],
    ['*/15 * * * *'],
    ['30 0 9 * * *'],
  ])('accepts %j', (pattern) => {
    expect(cronRule(pattern, {})).toBeUndefined();
  });

  it.each([
    [''],
    ['* * * *'],
    ['0 0 0 * * * *'],
  ])('refuses %j for its field count, in the scheduler\'s words', (pattern) => {
    expect(cronRule(pattern, {})).toBe(SCHEDULER_MESSAGES.cronFieldCount);
  });

  it('refuses a 5-field pattern the parser cannot read, with the parser\'s reason', () => {
    expect(cronRule('61 * * * *', {})).toMatch(/^cronSchedule does not parse: /);
  });

  it('refuses a pattern over 120 characters', () => {
    expect(cronRule(`0 9 * * ${'1,'.repeat(60)}1`, {})).toBe(SCHEDULER_MESSAGES.cronScheduleInvalid);
  });
});

describe('taskRules', () => {
  it.each([
    ['name', '', SCHEDULER_MESSAGES.nameInvalid],
    ['name', '   ', SCHEDULER_MESSAGES.nameInvalid],
    ['name', 'x'.repeat(256), SCHEDULER_MESSAGES.nameInvalid],
    ['name', 'Daily digest', undefined],
    ['prompt', '', SCHEDULER_MESSAGES.promptInvalid],
    ['prompt', 'x'.repeat(10_001), SCHEDULER_MESSAGES.promptInvalid],
    ['prompt', 'Summarise my mail', undefined],
  ] as const)('%s %#', (field, value, expected) => {
    expect(taskRules[field](value)).toBe(expected);
  });
});
