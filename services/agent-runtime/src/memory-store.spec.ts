import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemoryStore } from './memory-store.js';

describe('MemoryStore', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'memory-store-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('recalls the entries sharing most words with the query, best first', async () => {
    const sut = new MemoryStore(dir, 500);
    await sut.remember('The owner likes green tea');
    await sut.remember('The owner lives in Lisbon');
    await sut.remember('Deploys happen on Fridays');
    expect(sut.recall('what tea does the owner like, green?', 5).map((entry) => entry.text)).toEqual(['The owner likes green tea', 'The owner lives in Lisbon']);
    expect(sut.recall('tea', 1)).toHaveLength(1);
    expect(sut.recall('nothing matches', 5)).toEqual([]);
  });

  it('keeps entries on disk for the next process, and clear empties them', async () => {
    const first = new MemoryStore(dir, 500);
    await first.remember('remember me');
    const second = new MemoryStore(dir, 500);
    await second.load();
    expect(second.size).toBe(1);
    expect(await second.clear()).toBe(1);
    expect(JSON.parse(await readFile(path.join(dir, 'memory.json'), 'utf8'))).toEqual([]);
  });

  it('keeps at most max entries, dropping the oldest, in memory and on disk', async () => {
    const sut = new MemoryStore(dir, 2);
    for (const text of ['first fact', 'second fact', 'third fact']) await sut.remember(text);
    expect(sut.size).toBe(2);
    expect(sut.recall('fact', 5).map((entry) => entry.text).sort()).toEqual(['second fact', 'third fact']);
    const stored = JSON.parse(await readFile(path.join(dir, 'memory.json'), 'utf8')) as Array<{ text: string }>;
    expect(stored.map((entry) => entry.text)).toEqual(['second fact', 'third fact']);
    const reloaded = new MemoryStore(dir, 1);
    await reloaded.load();
    expect(reloaded.recall('fact', 5).map((entry) => entry.text)).toEqual(['third fact']);
  });

  it('checks it can be written without rewriting the store, and fails when a directory stands in its place', async () => {
    const sut = new MemoryStore(dir, 500);
    await expect(sut.check()).resolves.toBeUndefined();
    expect(await readdir(dir)).not.toContain('memory.json');
    await mkdir(path.join(dir, 'memory.json'));
    await expect(sut.check()).rejects.toThrow('is not a file');
  });
});
