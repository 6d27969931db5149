import type { AuthContext } from '@platform/contracts';

interface Entry {
  context: AuthContext;
  expiresAt: number;
}

const MAX_ENTRIES = 50_000;

/**
 * Resolved sessions and API keys by credential digest, for a few seconds. Revocation does not
 * wait for expiry: identity broadcasts EVENTS.identity.sessionsRevoked and every replica drops
 * the user's entries at once; the TTL only bounds what a missed broadcast can cost.
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();

  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get(digest: string): AuthContext | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.drop(digest);
      return undefined;
    }
    return entry.context;
  }

  set(digest: string, context: AuthContext): void {
    if (this.ttlMs === 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    this.entries.set(digest, { context, expiresAt: this.now() + this.ttlMs });
    const digests = this.byUser.get(context.userId) ?? new Set<string>();
    digests.add(digest);
    this.byUser.set(context.userId, digests);
  }

  drop(digest: string): void {
    const entry = this.entries.get(digest);
    this.entries.delete(digest);
    if (entry) this.byUser.get(entry.context.userId)?.delete(digest);
  }

  dropUser(userId: string): void {
    for (const digest of this.byUser.get(userId) ?? []) this.entries.delete(digest);
    this.byUser.delete(userId);
  }
}
