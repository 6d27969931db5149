interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers items into batches of up to `maxSize`, flushed when full or `maxWaitMs` after the first
 * item. Each `add` settles when its batch is written, so a queue job completes only after its row
 * is committed and a batch that fails is retried job by job.
 */
export class JobBatcher<T> {
  private waiting: Waiting<T>[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly writeBatch: (items: T[]) => Promise<void>,
    private readonly maxSize: number,
    private readonly maxWaitMs: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxSize) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    this.writeBatch(batch.map((entry) => entry.item)).then(
      () => batch.forEach((entry) => entry.resolve()),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
