import { usageLogFailedLine } from './messages.js';

describe('usageLogFailedLine', () => {
  it('words the failure line as the spec does', () => {
    expect(usageLogFailedLine('Connection is closed.')).toBe('[UsageLogger] Failed to log usage: Connection is closed.');
  });
});
