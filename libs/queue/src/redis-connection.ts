import { Redis, type Command } from 'ioredis';
import { coalesceWritesThisTurn, type Dependency } from '@platform/config';

/**
 * `commands`: the request path (quotas, rate limits, enqueueing). While Redis is away a command
 * fails at once, and one Redis stops answering fails after COMMAND_TIMEOUT_MS, so a caller decides
 * (fall back, answer 503, hold the job) instead of queueing behind the reconnect.
 * `blocking`: BullMQ workers, which wait on Redis by design and must ride out an outage.
 */
export type RedisUse = 'commands' | 'blocking';

const COMMAND_TIMEOUT_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 1000;

const USE_OPTIONS = {
  commands: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: COMMAND_TIMEOUT_MS },
  blocking: { enableOfflineQueue: true, maxRetriesPerRequest: null },
} as const;

/**
 * A client whose commands of one turn of the event loop leave in one socket write: under load the
 * quota, rate-limit and enqueue commands of many requests, each issued from a callback of its own
 * (docs/architecture.md, "Hot path"). Unlike ioredis's auto-pipelining, which BullMQ's connections
 * are not meant to use, nothing about the commands changes, only how many writes carry them.
 */
class CoalescingRedis extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    coalesceWritesThisTurn(this.stream);
    return super.sendCommand(command, stream);
  }
}

/**
 * Every Redis connection of the platform: reconnects forever, at most a second apart, so service
 * resumes within a second of Redis coming back; its outages go to `dependency`, which logs each
 * once (without a listener ioredis prints "Unhandled error event" on every failed reconnect).
 */
export function createRedis(url: string, use: RedisUse, dependency: Dependency): Redis {
  const client = new CoalescingRedis(url, {
    ...USE_OPTIONS[use],
    connectTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(MAX_RECONNECT_DELAY_MS, 50 * 2 ** Math.min(attempt, 5)),
  });
  client.on('error', (error: Error) => dependency.failed(error));
  // Emitted only after a connection was lost, never after quit().
  client.on('reconnecting', () => dependency.failed('connection lost'));
  client.on('ready', () => dependency.recovered());
  return client;
}

/**
 * Waits for a new connection to be ready, for at most `timeoutMs`: a service booting next to a
 * running Redis then never refuses its first requests, and one booting during an outage still boots.
 */
export async function whenReady(client: Redis, timeoutMs = 2000): Promise<Redis> {
  if (client.status === 'ready') return client;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
    client.once('ready', done);
  });
  return client;
}

/**
 * Ends a connection: politely when Redis is there, at once when it is not (quit() cannot be sent
 * then, and the client would go on reconnecting).
 */
export async function closeRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What ioredis says when a command cannot reach Redis, as opposed to an answer Redis gave (OOM, WRONGTYPE, a script error). */
const CONNECTION_MESSAGES = /Connection is closed|Stream isn't writeable|max retries per request|Command timed out/i;

/** Whether an error means Redis could not be reached: an outage (503, retry later), not a bug. */
export function isRedisUnreachable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && CONNECTION_CODES.has(code)) || (typeof message === 'string' && CONNECTION_MESSAGES.test(message));
}
