import { reconnectBackoff } from './nats-connect.js';

describe('reconnectBackoff', () => {
  let now = 0;
  const sut = () => reconnectBackoff(() => now, () => 0.5);

  beforeEach(() => { now = 10_000; });

  it('waits 100 ms at the start of an outage, however often the dial loop asks', () => {
    const delay = sut();
    expect([delay(), delay(), delay()]).toEqual([100, 100, 100]);
  });

  it('waits a quarter of the outage so far, at most 1 s', () => {
    const delay = sut();
    delay();
    now += 2000;
    expect(delay()).toBe(500);
    now += 900;
    expect(delay()).toBe(725);
    now += 4000;
    expect(delay()).toBe(1000);
  });

  it('starts from 100 ms again for an outage after a quiet spell', () => {
    const delay = sut();
    delay();
    now += 4000;
    delay();
    now += 60_000;
    expect(delay()).toBe(100);
  });
});
