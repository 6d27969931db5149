import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { EVENTS, type ApiKeyList } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import { Clock } from '../clock.js';

/** How long a list is answered from memory at most: the bound on its staleness if a change's broadcast is lost. */
const FRESH_MS = 10_000;
/** Users whose list is kept; the least recently read goes first. */
const MAX_USERS = 10_000;

/**
 * GET /api/keys's answer per user, so a dashboard that reads it again costs no database round trip.
 * A change of a user's keys (made, renamed, capped, deleted, lastUsed written) is forgotten at once by
 * the replica that made it, before its reply, and by every other replica when it hears
 * EVENTS.identity.keysChanged; a broadcast lost with NATS away leaves a list stale for FRESH_MS at most.
 */
@Injectable()
export class KeyListCache implements OnModuleInit {
  private readonly logger = new Logger(KeyListCache.name);
  private readonly lists: LRUCache<string, ApiKeyList>;
  /** Forgotten lists so far: a read that began before one is not kept, since it may predate the change. */
  private forgotten = 0;

  constructor(private readonly events: EventBus, clock: Clock) {
    // Its age on identity's clock, read at every look (no cached time), so a test can move it.
    this.lists = new LRUCache({ max: MAX_USERS, ttl: FRESH_MS, ttlResolution: 0, perf: { now: () => clock.now().getTime() } });
  }

  onModuleInit(): void {
    this.events.onBroadcast(EVENTS.identity.keysChanged, ({ userId }) => this.forget(userId));
  }

  /** The user's list from memory, or from `read` (then kept). */
  async through(userId: string, read: () => Promise<ApiKeyList>): Promise<ApiKeyList> {
    const kept = this.lists.get(userId);
    if (kept) return kept;
    const before = this.forgotten;
    const list = await read();
    if (this.forgotten === before) this.lists.set(userId, list);
    return list;
  }

  /** Once a change of the user's keys is committed. Never throws: a broadcast that fails is logged. */
  changed(userId: string): void {
    this.forget(userId);
    this.events.publish(EVENTS.identity.keysChanged, { eventId: randomUUID(), userId })
      .catch((error: unknown) => this.logger.warn(`Change of ${userId}'s keys not broadcast: ${String(error)}`));
  }

  private forget(userId: string): void {
    this.forgotten += 1;
    this.lists.delete(userId);
  }
}
