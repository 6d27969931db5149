import { ConfigError, loadEnv } from '@platform/config';
import { WatchdogEnv } from './watchdog.env.js';

describe('WatchdogEnv', () => {
  it("defaults to spec section 8's values, and ours for the crash-loop threshold and the probe timeout", () => {
    const sut = loadEnv(WatchdogEnv, {});

    expect(sut).toMatchObject({
      WATCHDOG_CHECK_INTERVAL: 120,
      WATCHDOG_DEGRADED_CHECK_INTERVAL: 5,
      WATCHDOG_STARTUP_FAILURE_THRESHOLD: 3,
      WATCHDOG_MAX_REPAIR_ATTEMPTS: 2,
      WATCHDOG_CRASH_LOOP_WINDOW: 300,
      WATCHDOG_CRASH_LOOP_THRESHOLD: 3,
      WATCHDOG_PROBE_TIMEOUT: 5,
    });
  });

  it('reads durations in seconds, fractions included', () => {
    const sut = loadEnv(WatchdogEnv, { WATCHDOG_CHECK_INTERVAL: '0.5', WATCHDOG_CRASH_LOOP_WINDOW: '60' });

    expect(sut.WATCHDOG_CHECK_INTERVAL).toBe(0.5);
    expect(sut.WATCHDOG_CRASH_LOOP_WINDOW).toBe(60);
  });

  it.each([
    ['WATCHDOG_CHECK_INTERVAL', '0', 'WATCHDOG_CHECK_INTERVAL must be a positive number'],
    ['WATCHDOG_PROBE_TIMEOUT', 'soon', 'WATCHDOG_PROBE_TIMEOUT must be a number conforming to the specified constraints'],
    ['WATCHDOG_STARTUP_FAILURE_THRESHOLD', '0', 'WATCHDOG_STARTUP_FAILURE_THRESHOLD must not be less than 1'],
  ])('names a malformed %s in one line', (name, value, reason) => {
    expect(() => loadEnv(WatchdogEnv, { [name]: value })).toThrow(
      new ConfigError(`Invalid environment variable ${name} (got "${value}"): ${reason}`),
    );
  });
});
