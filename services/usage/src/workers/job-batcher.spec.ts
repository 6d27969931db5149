import { jest } from '@jest/globals';
import { JobBatcher } from './job-batcher.js';

describe('JobBatcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes a full batch at once and settles its items only after the write', async () => {
    const writes: number[][] = [];
    let finishWrite!: () => void;
    const sut = new JobBatcher<number>((items) => {
      writes.push(items);
      return new Promise((resolve) => { finishWrite = resolve; });
    }, 3, 1000);
    const settled: number[] = [];

    const adds = [1, 2, 3].map((item) => sut.add(item).then(() => settled.push(item)));
    await Promise.resolve();

    expect(writes).toEqual([[1, 2, 3]]);
    expect(settled).toEqual([]);
    finishWrite();
    await Promise.all(adds);
    expect(settled).toEqual([1, 2, 3]);
  });

  it('writes a batch that did not fill up maxWaitMs after its first item', async () => {
    const writes: number[][] = [];
    const sut = new JobBatcher<number>(async (items) => { writes.push(items); }, 10, 200);

    const first = sut.add(1);
    jest.advanceTimersByTime(150);
    const second = sut.add(2);
    expect(writes).toEqual([]);
    jest.advanceTimersByTime(50);
    await Promise.all([first, second]);

    expect(writes).toEqual([[1, 2]]);
  });

  it('fails every item of a batch whose write fails, and starts the next batch afresh', async () => {
    let fail = true;
    const writes: string[][] = [];
    const sut = new JobBatcher<string>(async (items) => {
      writes.push(items);
      if (fail) throw new Error('database down');
    }, 2, 100);

    const outcomes = await Promise.allSettled([sut.add('a'), sut.add('b')]);
    fail = false;
    const retried = sut.add('a');
    jest.advanceTimersByTime(100);
    await retried;

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(writes).toEqual([['a', 'b'], ['a']]);
  });
});
