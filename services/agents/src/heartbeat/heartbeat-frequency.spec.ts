import { HEARTBEAT_FREQUENCY } from '@platform/contracts';
import { frequencyMs } from './heartbeat-frequency.js';

describe('heartbeat frequency', () => {
  it.each([['1m', 60_000], ['45m', 2_700_000], ['3h', 10_800_000], ['7d', 604_800_000]])('%s is %i ms', (frequency, ms) => {
    expect(HEARTBEAT_FREQUENCY.test(frequency)).toBe(true);
    expect(frequencyMs(frequency)).toBe(ms);
  });

  it.each(['', '0m', '3', 'h', '1w', '1.5h', ' 3h', '3H', '1234567m'])('rejects %p', (frequency) => {
    expect(HEARTBEAT_FREQUENCY.test(frequency)).toBe(false);
  });
});
