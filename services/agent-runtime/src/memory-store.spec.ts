import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
    const sut = new MemoryStore(dir);
    await sut.remember('The owner likes green tea');
    await sut.remember('The owner lives in Lisbon');
    await sut.remember('Deploys happen on Fridays');
    expect(sut.recall('what tea does the owner like, green?', 5).map((entry) => entry.text)).toEqual(['The owner likes green tea', 'The owner lives in Lisbon']);
    expect(sut.recall('tea', 1)).toHaveLength(1);
    expect(sut.recall('nothing matches', 5)).toEqual([]);
  });

  it('keeps entries on disk for the next process, and clear empties them', async () => {
    const first = new MemoryStore(dir);
    await first.remember('remember me');
    const second = new MemoryStore(dir);
    await second.load();
    expect(second.size).toBe(1);
    expect(await second.clear()).toBe(1);
    expect(JSON.parse(await readFile(path.join(dir, 'memory.json'), 'utf8'))).toEqual([]);
  });
});
