import { setTimeout as sleep } from 'node:timers/promises';
import { HeldRetries } from './held-retries.js';

describe('HeldRetries', () => {
  let down: boolean;
  let delivered: number[];
  let dropped: number[];
  let sut: HeldRetries<number>;

  beforeEach(() => {
    down = true;
    delivered = [];
    dropped = [];
    sut = new HeldRetries<number>({
      capacity: 100,
      retryIntervalMs: 3_600_000,
      deliver: async (item) => {
        await sleep(5);
        if (down) throw new Error('Connection is closed.');
        delivered.push(item);
      },
      isPermanent: () => false,
      onDrop: (item) => dropped.push(item),
    });
  });

  afterEach(async () => {
    down = false;
    await sut.close();
  });

  const holdAll = async (items: number[]) => {
    for (const item of items) await sut.offer(item);
  };

  it('delivers each held item once, in order, however many flushes run at once', async () => {
    await holdAll([1, 2, 3, 4, 5]);
    down = false;
    await Promise.all([sut.flush(), sut.flush(), sut.flush()]);
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps what it could not deliver when the dependency refuses again mid-flush', async () => {
    await holdAll([1, 2, 3]);
    down = false;
    const flushing = Promise.all([sut.flush(), sut.flush()]);
    await sleep(7);
    down = true;
    await flushing;
    expect(delivered.length + sut.pending).toBe(3);
    expect(dropped).toEqual([]);
  });

  it('drops, through onDrop, what close still cannot deliver', async () => {
    await holdAll([1, 2]);
    await sut.close();
    expect([delivered, dropped]).toEqual([[], [1, 2]]);
  });
});
