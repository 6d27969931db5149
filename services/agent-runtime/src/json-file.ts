import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A small JSON document on disk, written by rename so a crash mid-write leaves the previous
 * version. One writer per file: each agent has its own DATA_DIR.
 */
export class JsonFile<T> {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string, private readonly empty: T) {}

  async read(): Promise<T> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(this.empty);
      throw error;
    }
  }

  /** Writes are queued, so two quick saves land in order. */
  write(value: T): Promise<void> {
    const next = this.writing.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(value));
      await rename(temporary, this.file);
    });
    this.writing = next.catch(() => undefined);
    return next;
  }
}
