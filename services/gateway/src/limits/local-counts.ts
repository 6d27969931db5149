import type { Redis } from 'ioredis';
import { RedisScript } from '@platform/queue';

/** Adds a replica's points to the window's total and answers the total and the window's time left, on Redis's clock. */
const ADD = new RedisScript(`
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`);

/** How often ended windows are dropped from memory. */
const SWEEP_MS = 10_000;

/** What a count answers, in rate-limiter-flexible's words, so both kinds of group read alike. */
export interface Count {
  consumedPoints: number;
  remainingPoints: number;
  msBeforeNext: number;
}

/** One group's window for one address, as this replica knows it. */
interface Window {
  /** Redis's total when it last answered: every replica's points up to then. */
  heard: number;
  /** Points sent to Redis and not answered for yet. */
  sent: number;
  /** Points counted here since the last send (negative after a point given back). */
  unsent: number;
  durationMs: number;
  endsAt: number;
}

/**
 * Counts for the 'eventual' rate-limit groups: decided in this replica's memory, so a request waits
 * for no Redis round trip, and added to the same fixed window in Redis once per turn of the event
 * loop (Kong's `sync_rate` idea, here after every turn). A replica's count is Redis's total as last
 * heard plus its own points since, so with one replica it is exact, and across replicas another
 * replica's points are seen one round trip after this replica's next send. While Redis is away
 * the counts go on in memory and are sent again with the window's next point.
 */
export class LocalCounts {
  private readonly windows = new Map<string, Window>();
  private readonly dirty = new Set<string>();
  private readonly sweeper: NodeJS.Timeout;
  private sendScheduled = false;

  constructor(private readonly redis: Redis, private readonly keyPrefix: string) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  consume(key: string, points: number, durationSec: number): Count {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || now >= window.endsAt) {
      window = { heard: 0, sent: 0, unsent: 0, durationMs: durationSec * 1000, endsAt: now + durationSec * 1000 };
      this.windows.set(key, window);
    }
    this.add(key, window, 1);
    const consumed = window.heard + window.sent + window.unsent;
    return { consumedPoints: consumed, remainingPoints: points - consumed, msBeforeNext: window.endsAt - now };
  }

  /** Takes back the point a request was counted for, when a later group refused it. */
  giveBack(key: string): void {
    const window = this.windows.get(key);
    if (window) this.add(key, window, -1);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private add(key: string, window: Window, points: number): void {
    window.unsent += points;
    this.dirty.add(key);
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setImmediate(() => this.send());
  }

  private send(): void {
    this.sendScheduled = false;
    for (const key of this.dirty) {
      const window = this.windows.get(key);
      if (!window || window.unsent === 0) continue;
      const points = window.unsent;
      window.unsent = 0;
      window.sent += points;
      ADD.run(this.redis, [`${this.keyPrefix}${key}`], [points, window.durationMs]).then(
        (answer) => {
          const [total, ttl] = answer as [number, number];
          window.sent -= points;
          window.heard = total;
          window.endsAt = Date.now() + ttl;
        },
        () => {
          // Redis is away (its connection logs the outage): kept, and sent with the window's next point.
          window.sent -= points;
          window.unsent += points;
        },
      );
    }
    this.dirty.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) {
      if (now >= window.endsAt && window.sent === 0) this.windows.delete(key);
    }
  }
}
