import { Dependency, type DependencyOptions } from './dependency.js';

describe('Dependency', () => {
  let now = 0;
  let lines: { level: string; line: Record<string, unknown> }[];
  const sut = (options: DependencyOptions = {}) => new Dependency('redis', {
    warn: (line: Record<string, unknown>) => lines.push({ level: 'warn', line }),
    log: (line: Record<string, unknown>) => lines.push({ level: 'info', line }),
  }, options, () => now);

  beforeEach(() => {
    now = 1000;
    lines = [];
  });

  it('is available until a call fails', () => {
    const dependency = sut();
    expect(dependency.available).toBe(true);
    dependency.failed(new Error('ECONNREFUSED'));
    expect(dependency.available).toBe(false);
  });

  it('logs an outage once however many calls fail', () => {
    const dependency = sut();
    for (let call = 0; call < 5; call += 1) dependency.failed(new Error('ECONNREFUSED'));
    expect(lines).toEqual([{ level: 'warn', line: { msg: 'redis unavailable', dependency: 'redis', cause: 'ECONNREFUSED' } }]);
  });

  it('logs the end of an outage with its length and the failed calls', () => {
    const dependency = sut();
    dependency.failed('down');
    dependency.failed('down');
    now = 4500;
    dependency.recovered();
    expect(lines[1]).toEqual({ level: 'info', line: { msg: 'redis available again', dependency: 'redis', downMs: 3500, failures: 2 } });
    expect(dependency.available).toBe(true);
  });

  it('logs nothing for a success while available', () => {
    sut().recovered();
    expect(lines).toEqual([]);
  });

  it('starts down, without logging an outage, when it starts down, and is available after its first success', () => {
    const dependency = sut({ startsDown: true });
    dependency.failed(new Error('not connected yet'));
    expect(dependency.available).toBe(false);
    dependency.recovered();
    expect([dependency.available, lines]).toEqual([true, []]);
  });

  it('ends an outage only after recoverAfter successes in a row, so alternating calls log it once', () => {
    const dependency = sut({ recoverAfter: 3 });
    for (let call = 0; call < 4; call += 1) {
      dependency.failed('frozen replica');
      dependency.recovered();
    }
    expect([dependency.available, lines.length]).toEqual([false, 1]);
    dependency.recovered();
    dependency.recovered();
    expect([dependency.available, lines[1]?.line.msg]).toEqual([true, 'redis available again']);
  });
});
