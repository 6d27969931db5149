/**
 * A metric's child per label value, made on first use. prom-client's `labels()` builds and hashes a
 * label set on every call; keeping the child makes a hot-path update one map lookup and no allocation.
 */
export class ChildCache<Key, Child> {
  private readonly children = new Map<Key, Child>();

  constructor(private readonly make: (key: Key) => Child) {}

  get(key: Key): Child {
    let child = this.children.get(key);
    if (child === undefined) {
      child = this.make(key);
      this.children.set(key, child);
    }
    return child;
  }
}
