import { CommonEnv, EnvInt } from '@platform/config';

export class BusEnv extends CommonEnv {
  /** Tries at delivering one copy before it is dead; with the backoff below, 10 span about 8.5 minutes. */
  @EnvInt(1) BUS_DELIVERY_ATTEMPTS = 10;

  /** The first retry's wait; each next one doubles it. */
  @EnvInt(1) BUS_DELIVERY_BACKOFF_MS = 1000;

  /** How long one attempt waits for the runtime's answer. */
  @EnvInt(100) BUS_DELIVERY_TIMEOUT_MS = 10_000;

  /** Copies one worker delivers at once. */
  @EnvInt(1) BUS_DELIVERY_CONCURRENCY = 16;

  /** How often the worker queues again the copies still queued that long (a job Redis lost). */
  @EnvInt(100) BUS_SWEEP_INTERVAL_MS = 60_000;

  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;
}
