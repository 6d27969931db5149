export interface HeldRetriesOptions<T> {
  /** Items held while `deliver` refuses them; past this, new refusals are dropped. */
  capacity: number;
  /** How often held items are offered again. */
  retryIntervalMs: number;
  deliver: (item: T) => Promise<void>;
  /** A refusal that will repeat on every retry: the item is dropped at once. */
  isPermanent: (error: unknown) => boolean;
  /** Every item given up on, with why; the only way an item is lost. */
  onDrop: (item: T, error: unknown) => void;
}

/**
 * Work a dependency refused (Redis away), held in a bounded buffer and offered again on a timer,
 * oldest first, one flush at a time: two flushes at once would deliver the same item twice and
 * could lose one. Only an overflow, a permanent refusal, or what close() still cannot deliver is
 * dropped, each through `onDrop`.
 */
export class HeldRetries<T> {
  private readonly held: T[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;
  private closed = false;
  /** Why the last held item was refused: the reason given for what close cannot deliver. */
  private lastRefusal: unknown;

  constructor(private readonly options: HeldRetriesOptions<T>) {
    this.timer = setInterval(() => void this.flush(), options.retryIntervalMs);
    this.timer.unref();
  }

  get pending(): number {
    return this.held.length;
  }

  /** Delivers now, holding the item if refused. Never throws. */
  async offer(item: T): Promise<void> {
    await this.options.deliver(item).catch((error: unknown) => this.hold(item, error));
  }

  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** Stops the timer after a last offer of what is held; what is still refused is dropped. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.closed = true;
    await this.flush();
    this.held.splice(0).forEach((item) => this.options.onDrop(item, this.lastRefusal));
  }

  private hold(item: T, error: unknown): void {
    // After close nothing offers a held item again.
    if (this.closed || this.options.isPermanent(error) || this.held.length >= this.options.capacity) {
      this.options.onDrop(item, error);
      return;
    }
    this.held.push(item);
  }

  private async drain(): Promise<void> {
    while (this.held.length) {
      const next = this.held[0]!;
      try {
        await this.options.deliver(next);
      } catch (error) {
        if (!this.options.isPermanent(error)) {
          this.lastRefusal = error;
          return;
        }
        this.options.onDrop(next, error);
      }
      this.held.shift();
    }
  }
}
