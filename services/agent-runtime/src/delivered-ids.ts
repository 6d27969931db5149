import path from 'node:path';
import { JsonFile } from './json-file.js';

/**
 * The messageIds of bus deliveries already taken, so a redelivery (the bus delivers at least once)
 * changes nothing. Kept apart from the history, which drops old entries at maxHistory; the newest
 * `max` are kept, far more than the bus redelivers within its retry window.
 */
export class DeliveredIds {
  private readonly file: JsonFile<string[]>;
  private ids = new Set<string>();

  constructor(dataDir: string, private readonly max: number) {
    this.file = new JsonFile(path.join(dataDir, 'bus-delivered.json'), []);
  }

  /** `inHistory`: ids the history holds, in case the process ended between writing it and this file. */
  async load(inHistory: string[]): Promise<void> {
    this.ids = new Set([...(await this.file.read()), ...inHistory].slice(-this.max));
  }

  /** Synchronous, so of two concurrent deliveries of one message exactly one claims it. */
  claim(messageId: string): boolean {
    if (this.ids.has(messageId)) return false;
    this.ids.add(messageId);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
    return true;
  }

  /** A claimed delivery that could not be stored: the bus's retry may take it again. */
  release(messageId: string): void {
    this.ids.delete(messageId);
  }

  save(): Promise<void> {
    return this.file.write([...this.ids]);
  }
}
