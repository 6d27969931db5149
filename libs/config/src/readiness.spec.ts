import { Readiness } from './readiness.js';

describe('Readiness', () => {
  it('is ready while every dependency is available', () => {
    const sut = new Readiness();
    sut.dependency('nats');
    sut.dependency('postgres');
    expect(sut.report()).toEqual({ ready: true, failing: [], degraded: [] });
  });

  it('is not ready while a required dependency is down, and names it', () => {
    const sut = new Readiness();
    sut.dependency('nats');
    sut.dependency('postgres').failed(new Error('ECONNREFUSED'));
    expect(sut.report()).toEqual({ ready: false, failing: ['postgres'], degraded: [] });
  });

  it('stays ready, degraded, while an optional dependency is down', () => {
    const sut = new Readiness();
    sut.dependency('redis', { optional: true }).failed(new Error('ECONNREFUSED'));
    expect(sut.report()).toEqual({ ready: true, failing: [], degraded: ['redis'] });
  });

  it('gives one dependency per name, so two clients share an outage', () => {
    const sut = new Readiness();
    sut.dependency('redis').failed('down');
    expect(sut.dependency('redis').available).toBe(false);
  });
});
