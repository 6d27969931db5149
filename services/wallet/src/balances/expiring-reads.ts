/**
 * Reads kept per key for `ttlMs` from when they started; a read of a key while one is under way
 * waits for that one instead of asking again. A failed read is not kept. At most `maxKeys` are held,
 * the oldest going first, so a caller asking about endless addresses cannot grow it without bound.
 * `ttlMs` 0 turns all of it off: every read goes to the source.
 */
export class ExpiringReads<V> {
  private readonly entries = new Map<string, { startedAt: number; value: Promise<V> }>();

  constructor(private readonly ttlMs: number, private readonly maxKeys: number, private readonly now: () => number = Date.now) {}

  get(key: string, read: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return read();
    const startedAt = this.now();
    const held = this.entries.get(key);
    if (held && startedAt - held.startedAt < this.ttlMs) return held.value;
    const value = read();
    this.entries.delete(key);
    this.entries.set(key, { startedAt, value });
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
