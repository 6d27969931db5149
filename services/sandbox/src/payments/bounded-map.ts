/** Insertion-ordered, dropping the oldest entry once full: `npm start` runs the sandbox for days. */
export class BoundedMap<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  set(id: string, value: T): void {
    this.entries.set(id, value);
    if (this.entries.size > this.capacity) {
      const [oldest] = this.entries.keys();
      this.entries.delete(oldest);
    }
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  get(id: string): T | undefined {
    return this.entries.get(id);
  }

  newestFirst(): T[] {
    return [...this.entries.values()].reverse();
  }
}
