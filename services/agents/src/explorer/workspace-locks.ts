import { Injectable } from '@nestjs/common';

/**
 * Writes and commits of one workspace run one at a time in this process: two git-syncs at once
 * would otherwise meet git's index.lock and one would fail. Another replica on the same disk can
 * still meet it; that sync answers 500 and may be sent again.
 */
@Injectable()
export class WorkspaceLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(root: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(root) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    const tail = current.catch(() => undefined);
    this.tails.set(root, tail);
    void tail.then(() => {
      if (this.tails.get(root) === tail) this.tails.delete(root);
    });
    return current;
  }
}
