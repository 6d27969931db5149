import type { ConnectionOptions } from '@nats-io/transport-node';

const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 1000;
/** A quiet spell this long means a new outage: its reconnects start from the first delay again. */
const BACKOFF_RESET_MS = 5000;

/**
 * The wait before each reconnect attempt: doubling from 100 ms to at most 1 s, with jitter so
 * replicas do not knock together. The cap keeps recovery within a second of NATS coming back.
 */
export function reconnectBackoff(now: () => number = Date.now, random: () => number = Math.random): () => number {
  let attempt = 0;
  let last = 0;
  return () => {
    if (now() - last > BACKOFF_RESET_MS) attempt = 0;
    last = now();
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
    attempt += 1;
    return Math.round(delay * (0.75 + random() / 2));
  };
}

/**
 * Every NATS connection of the platform: reconnects forever (the client's default gives up after
 * about 20 s and leaves the process connected to nothing), waits for a NATS that is not up yet at
 * boot, and pings often enough that a half-open connection is noticed in seconds.
 */
export function natsConnectOptions(servers: string, name: string): ConnectionOptions {
  return {
    servers,
    name,
    // No stack captured per request: it cost the gateway ~15% CPU under load.
    noAsyncTraces: true,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    reconnectDelayHandler: reconnectBackoff(),
    pingInterval: 5000,
    maxPingOut: 2,
  };
}
