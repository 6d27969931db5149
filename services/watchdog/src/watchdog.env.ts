import { CommonEnv, EnvInt, EnvSeconds } from '@platform/config';

/** Spec section 8's watchdog parameters; durations in seconds (docs/watchdog.md). */
export class WatchdogEnv extends CommonEnv {
  @EnvSeconds() WATCHDOG_CHECK_INTERVAL = 120;
  /** How often an agent is checked while degraded, or while failures are being counted. */
  @EnvSeconds() WATCHDOG_DEGRADED_CHECK_INTERVAL = 5;
  /** Per probe request (/healthz, /readyz, /health). */
  @EnvSeconds() WATCHDOG_PROBE_TIMEOUT = 5;
  /** Consecutive failed checks after a (re)start before they count: then degraded and a repair. */
  @EnvInt(1) WATCHDOG_STARTUP_FAILURE_THRESHOLD = 3;
  /** Repairs per episode (from the first failure to the next healthy check). */
  @EnvInt(0) WATCHDOG_MAX_REPAIR_ATTEMPTS = 2;
  /** Restarts inside WATCHDOG_CRASH_LOOP_WINDOW that make it a crash loop: no more repairs, `error`. */
  @EnvInt(1) WATCHDOG_CRASH_LOOP_THRESHOLD = 3;
  @EnvSeconds() WATCHDOG_CRASH_LOOP_WINDOW = 300;
  /** Checks running at once in one watchdog process. */
  @EnvInt(1) WATCHDOG_CONCURRENCY = 20;
  /** How long a repair request may take: the agents service re-creates the runtime and waits for it. */
  @EnvSeconds() WATCHDOG_REPAIR_TIMEOUT = 90;
  /** Delay before asking the agents service for the watch list again when it did not answer at boot. */
  @EnvSeconds() WATCHDOG_RECONCILE_RETRY = 5;

  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;
}
