import { HostMetrics } from './host-metrics.js';

describe('HostMetrics', () => {
  it('reads twice in a row, within one CPU clock tick, without failing', () => {
    const sut = new HostMetrics();
    const readings = Array.from({ length: 10 }, (_, index) => sut.read(index * 1000));
    for (const reading of readings) expect(reading.cpu.usage).toBeGreaterThanOrEqual(0);
  });

  it('reuses a reading for a second', () => {
    const sut = new HostMetrics();
    const first = sut.read(0);
    expect(sut.read(999)).toBe(first);
    expect(sut.read(1000)).not.toBe(first);
  });

  it('reports percentages between 0 and 100 and memory that adds up', () => {
    const reading = new HostMetrics().read();
    expect(reading.cpu.usage).toBeGreaterThanOrEqual(0);
    expect(reading.cpu.usage).toBeLessThanOrEqual(100);
    expect(reading.cpu.cores).toBeGreaterThan(0);
    expect(reading.memory.used + reading.memory.free).toBe(reading.memory.total);
    expect(reading.memory.usage).toBeGreaterThan(0);
    expect(reading.memory.usage).toBeLessThanOrEqual(100);
  });
});
