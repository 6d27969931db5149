import { healthSampleOf, livenessOf, readinessOf } from './probe-result.js';

const AGENT_ID = '6f1c1e36-6a3b-4b5e-9c55-0d2f7a1b2c3d';
const STRANGER = '0b9d2a57-3e1f-4c8a-a1d4-5f6e7d8c9b0a';

describe('livenessOf', () => {
  it.each([
    [{ status: 200, body: { ok: true, status: 'live' } }, { live: true }],
    [{ status: 200, body: { ok: true, status: 'live' }, agentId: AGENT_ID }, { live: true }],
    [{ status: 200, body: { ok: true, status: 'live' }, agentId: STRANGER }, { live: false, reason: `liveness probe answered as agent ${STRANGER}` }],
    [{ status: 200, body: undefined }, { live: true }],
    [{ status: 200, body: { ok: false, status: 'live' } }, { live: false, reason: 'liveness probe answered ok: false' }],
    [{ status: 500, body: { ok: true } }, { live: false, reason: 'liveness probe answered 500' }],
    [{ error: 'ECONNREFUSED' }, { live: false, reason: 'liveness probe failed: ECONNREFUSED' }],
    [{ error: 'timed out' }, { live: false, reason: 'liveness probe failed: timed out' }],
  ])('%j is %j', (answer, expected) => {
    expect(livenessOf(answer, AGENT_ID)).toEqual(expected);
  });
});

describe('readinessOf', () => {
  it('is ready on 200 with ready: true and keeps the uptime', () => {
    expect(readinessOf({ status: 200, body: { ready: true, failing: [], uptimeMs: 42 } })).toEqual({ ready: true, uptimeMs: 42 });
  });

  it('names the failing checks of a 503', () => {
    expect(readinessOf({ status: 503, body: { ready: false, failing: ['memory', 'model'], uptimeMs: 7 } }))
      .toEqual({ ready: false, reason: 'not ready: memory, model', uptimeMs: 7 });
  });

  it('is not ready on 200 with ready: false', () => {
    expect(readinessOf({ status: 200, body: { ready: false } })).toEqual({ ready: false, reason: 'readiness probe answered 200', uptimeMs: undefined });
  });

  it('is not ready when the probe fails', () => {
    expect(readinessOf({ error: 'timed out' })).toEqual({ ready: false, reason: 'readiness probe failed: timed out' });
  });
});

describe('healthSampleOf', () => {
  it('takes a complete reading, bytes and uptime as whole numbers', () => {
    expect(healthSampleOf({ status: 200, body: { status: 'ok', agentId: 'a', cpuPercent: 12.5, memoryBytes: 1024.4, memoryLimitBytes: 2048, uptimeMs: 99.6 } }))
      .toEqual({ status: 'ok', agentId: 'a', cpuPercent: 12.5, memoryBytes: 1024, memoryLimitBytes: 2048, uptimeMs: 100 });
  });

  it.each([
    [{ status: 200, body: { cpuPercent: 1, memoryBytes: 1, memoryLimitBytes: 1 } }],
    [{ status: 200, body: { cpuPercent: -1, memoryBytes: 1, memoryLimitBytes: 1, uptimeMs: 1 } }],
    [{ status: 200, body: { cpuPercent: '5', memoryBytes: 1, memoryLimitBytes: 1, uptimeMs: 1 } }],
    [{ status: 500, body: { cpuPercent: 1, memoryBytes: 1, memoryLimitBytes: 1, uptimeMs: 1 } }],
    [{ error: 'ECONNREFUSED' }],
  ])('ignores %j', (answer) => {
    expect(healthSampleOf(answer)).toBeUndefined();
  });
});
