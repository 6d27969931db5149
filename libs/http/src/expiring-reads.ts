/**
 * Reads kept per key for `ttlMs` from when they ended; a read of a key while one is under way waits
 * for that one instead of asking again, however long it takes (a second call would pay or load the
 * source twice). A failed read is not kept. At most `maxKeys` are held, the oldest going first, so a
 * caller asking about endless keys cannot grow it without bound. `ttlMs` 0 turns all of it off:
 * every read goes to the source.
 */
export class ExpiringReads<V> {
  private readonly entries = new Map<string, { endedAt: number | null; value: Promise<V> }>();

  constructor(private readonly ttlMs: number, private readonly maxKeys: number, private readonly now: () => number = Date.now) {}

  get(key: string, read: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return read();
    const held = this.entries.get(key);
    if (held && (held.endedAt === null || this.now() - held.endedAt < this.ttlMs)) return held.value;
    const value = read();
    const entry = { endedAt: null as number | null, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    value.then(() => {
      entry.endedAt = this.now();
    }, () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
