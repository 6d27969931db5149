import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { RUNTIME_MEMORY_FILE } from '@platform/contracts';
import { JsonFile } from './json-file.js';

export interface MemoryEntry {
  id: string;
  text: string;
  createdAt: string;
}

const WORD = /[\p{L}\p{N}]{3,}/gu;

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []));
}

/**
 * What the agent remembers across conversations; the agent uses it as a tool, reset-memory clears it.
 * Capped at the config's maxMemory, oldest dropped first, since the whole store is rewritten per turn.
 */
export class MemoryStore {
  private readonly file: JsonFile<MemoryEntry[]>;
  private entries: MemoryEntry[] = [];

  constructor(dataDir: string, private readonly max: number) {
    this.file = new JsonFile(path.join(dataDir, RUNTIME_MEMORY_FILE), []);
  }

  async load(): Promise<void> {
    this.entries = (await this.file.read()).slice(-this.max);
  }

  get size(): number {
    return this.entries.length;
  }

  async remember(text: string): Promise<MemoryEntry> {
    const entry = { id: randomUUID(), text, createdAt: new Date().toISOString() };
    this.entries = [...this.entries, entry].slice(-this.max);
    await this.file.write(this.entries);
    return entry;
  }

  /** Entries sharing the most words with the query, best first. */
  recall(query: string, limit: number): MemoryEntry[] {
    const wanted = words(query);
    return this.entries
      .map((entry) => ({ entry, score: [...words(entry.text)].filter((word) => wanted.has(word)).length }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ entry }) => entry);
  }

  async clear(): Promise<number> {
    const cleared = this.entries.length;
    this.entries = [];
    await this.file.write(this.entries);
    return cleared;
  }

  /** Readiness: the store can be written. */
  check(): Promise<void> {
    return this.file.checkWritable();
  }
}
