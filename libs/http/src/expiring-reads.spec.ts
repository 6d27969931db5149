import { describe, expect, it } from '@jest/globals';
import { ExpiringReads } from './expiring-reads.js';

describe('ExpiringReads', () => {
  let now = 0;
  const clock = () => now;
  const counter = () => {
    let calls = 0;
    return { read: () => Promise.resolve(++calls), calls: () => calls };
  };

  it('serves a key from memory until ttlMs after its read ended, then reads again', async () => {
    now = 0;
    const sut = new ExpiringReads<number>(1000, 10, clock);
    const source = counter();
    expect(await sut.get('a', source.read)).toBe(1);
    now = 999;
    expect(await sut.get('a', source.read)).toBe(1);
    now = 1000;
    expect(await sut.get('a', source.read)).toBe(2);
  });

  it('shares a read still under way past ttlMs instead of starting another', async () => {
    now = 0;
    const sut = new ExpiringReads<number>(1000, 10, clock);
    let release!: (value: number) => void;
    let calls = 0;
    const read = () => { calls += 1; return new Promise<number>((resolve) => { release = resolve; }); };
    const first = sut.get('a', read);
    now = 5000;
    const second = sut.get('a', read);
    release(4);
    expect(await Promise.all([first, second])).toEqual([4, 4]);
    expect(calls).toBe(1);
    now = 5999;
    expect(await sut.get('a', read)).toBe(4);
  });

  it('shares one read among callers that ask while it is under way', async () => {
    const sut = new ExpiringReads<number>(1000, 10, clock);
    let release!: (value: number) => void;
    let calls = 0;
    const read = () => { calls += 1; return new Promise<number>((resolve) => { release = resolve; }); };
    const reads = [sut.get('a', read), sut.get('a', read), sut.get('a', read)];
    release(7);
    expect(await Promise.all(reads)).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
  });

  it('keeps no failure: the next caller reads again', async () => {
    const sut = new ExpiringReads<number>(1000, 10, clock);
    await expect(sut.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await sut.get('a', () => Promise.resolve(3))).toBe(3);
  });

  it('holds at most maxKeys, dropping the oldest', async () => {
    now = 0;
    const sut = new ExpiringReads<number>(1000, 2, clock);
    const source = counter();
    await sut.get('a', source.read);
    await sut.get('b', source.read);
    await sut.get('c', source.read);
    await sut.get('b', source.read);
    expect(source.calls()).toBe(3);
    await sut.get('a', source.read);
    expect(source.calls()).toBe(4);
  });

  it('with ttlMs 0 reads every time, even while another read is under way', async () => {
    const sut = new ExpiringReads<number>(0, 10, clock);
    const source = counter();
    await Promise.all([sut.get('a', source.read), sut.get('a', source.read)]);
    expect(source.calls()).toBe(2);
  });
});
