import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the oldest entry once over capacity', () => {
    const sut = new BoundedMap<number>(2);

    sut.set('a', 1);
    sut.set('b', 2);
    sut.set('c', 3);

    expect(sut.get('a')).toBeUndefined();
    expect(sut.newestFirst()).toEqual([3, 2]);
  });

  it('keeps an entry set again in its first place', () => {
    const sut = new BoundedMap<number>(3);
    sut.set('a', 1);
    sut.set('b', 2);

    sut.set('a', 10);

    expect(sut.newestFirst()).toEqual([2, 10]);
  });
});
