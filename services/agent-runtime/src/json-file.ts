import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
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

  /**
   * Whether a write would land, without rewriting the document (readiness probes come often): the
   * folder takes a small file, and nothing but a file stands where the document is renamed to.
   */
  async checkWritable(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFile(`${this.file}.probe`, '');
    const existing = await stat(this.file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (existing && !existing.isFile()) throw new Error(`${this.file} is not a file`);
  }
}
