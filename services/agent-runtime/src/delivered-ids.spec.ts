import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeliveredIds } from './delivered-ids.js';

describe('DeliveredIds', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'delivered-ids-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('claims a messageId once; a released one can be claimed again', () => {
    const sut = new DeliveredIds(dir, 10);
    expect(sut.claim('m-1')).toBe(true);
    expect(sut.claim('m-1')).toBe(false);
    sut.release('m-1');
    expect(sut.claim('m-1')).toBe(true);
  });

  it('keeps the newest max ids, forgetting the oldest', () => {
    const sut = new DeliveredIds(dir, 2);
    for (const id of ['m-1', 'm-2', 'm-3']) sut.claim(id);
    expect(sut.claim('m-3')).toBe(false);
    expect(sut.claim('m-2')).toBe(false);
    expect(sut.claim('m-1')).toBe(true);
  });

  it('knows after a reload what it saved and what the history holds', async () => {
    const first = new DeliveredIds(dir, 10);
    first.claim('saved');
    await first.save();
    const second = new DeliveredIds(dir, 10);
    await second.load(['in-history']);
    expect(second.claim('saved')).toBe(false);
    expect(second.claim('in-history')).toBe(false);
    expect(second.claim('new')).toBe(true);
  });
});
