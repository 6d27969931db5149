import type { BillingAccountState } from '@platform/contracts';

interface Entry {
  state: BillingAccountState;
  at: number;
}

/**
 * Billing's last answer per user. Fresh for `freshMs` (a chat does not ask billing again within
 * it); kept as the last known state for `staleMs`, which is used only while billing cannot answer.
 * Dropped when billing announces a change, so a cancellation or a new key applies at once. At most
 * `capacity` users; the least recently stored goes first.
 */
export class BillingStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly freshMs: number, private readonly staleMs: number, private readonly capacity = 10_000) {}

  fresh(userId: string, now = Date.now()): BillingAccountState | undefined {
    const entry = this.entries.get(userId);
    return entry && now - entry.at < this.freshMs ? entry.state : undefined;
  }

  lastKnown(userId: string, now = Date.now()): BillingAccountState | undefined {
    const entry = this.entries.get(userId);
    return entry && now - entry.at < this.staleMs ? entry.state : undefined;
  }

  set(userId: string, state: BillingAccountState, now = Date.now()): void {
    this.entries.delete(userId);
    this.entries.set(userId, { state, at: now });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  drop(userId: string): void {
    this.entries.delete(userId);
  }
}
