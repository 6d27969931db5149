import type { ConnectionOptions } from '@nats-io/transport-node';

const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 1000;
/** A quiet spell this long means a new outage: its reconnects start from the first delay again. */
const OUTAGE_GAP_MS = 5000;

/**
 * The wait before each reconnect attempt, growing with how long the outage has lasted: 100 ms at
 * first, a quarter of the time spent so far later on, at most 1 s, with jitter so replicas do not
 * knock together. It is a function of time, not of calls, because the client asks for a delay on
 * every pass of its dial loop, not once per attempt. The cap keeps recovery within about a second.
 */
export function reconnectBackoff(now: () => number = Date.now, random: () => number = Math.random): () => number {
  let outageStart = 0;
  let last = 0;
  return () => {
    const at = now();
    if (at - last > OUTAGE_GAP_MS) outageStart = at;
    last = at;
    const delay = Math.min(MAX_DELAY_MS, Math.max(FIRST_DELAY_MS, (at - outageStart) / 4));
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
