import { decide, needsRestarts, type CheckPolicy } from './check-policy.js';
import type { CheckState } from './check-state.js';
import type { ProbeResult } from './probe-result.js';

const policy: CheckPolicy = { startupFailureThreshold: 3, maxRepairAttempts: 2, crashLoopThreshold: 3, crashLoopWindowMs: 300_000 };

const state = (overrides: Partial<CheckState> = {}): CheckState => ({
  agentId: '6f1c1e36-6a3b-4b5e-9c55-0d2f7a1b2c3d',
  userId: 'user-1',
  runtimeUrl: 'http://127.0.0.1:1',
  status: 'running',
  statusAt: 0,
  watchedAt: 0,
  failures: 0,
  livenessFailures: 0,
  repairs: 0,
  seenHealthy: true,
  lastUptimeMs: 10_000,
  failed: false,
  ...overrides,
});

const healthy: ProbeResult = { live: true, ready: true, uptimeMs: 20_000 };
const notReady: ProbeResult = { live: true, ready: false, reason: 'not ready: model', uptimeMs: 20_000 };
const dead: ProbeResult = { live: false, ready: false, reason: 'liveness probe failed: ECONNREFUSED' };

describe('decide', () => {
  it('keeps a healthy running agent as it is and remembers its uptime', () => {
    const sut = decide(state(), healthy, 0, policy);
    expect(sut).toMatchObject({ decision: 'healthy', action: 'none', report: undefined, restarted: false });
    expect(sut.patch).toMatchObject({ lastUptimeMs: 20_000, failures: 0, seenHealthy: true });
  });

  it('reports a degraded agent healthy again and ends the episode', () => {
    const sut = decide(state({ status: 'degraded', failures: 2, livenessFailures: 2, repairs: 1 }), healthy, 1, policy);
    expect(sut).toMatchObject({ decision: 'recovered', report: 'healthy', action: 'none' });
    expect(sut.patch).toMatchObject({ failures: 0, livenessFailures: 0, repairs: 0 });
  });

  it('does not count failures during startup grace', () => {
    const sut = decide(state({ seenHealthy: false, lastUptimeMs: null }), dead, 0, policy);
    expect(sut).toMatchObject({ decision: 'startup-grace', report: undefined, action: 'none' });
    expect(sut.patch).toMatchObject({ failures: 1, livenessFailures: 1 });
  });

  it('keeps the second failure of the startup grace in the grace', () => {
    const sut = decide(state({ seenHealthy: false, lastUptimeMs: null, failures: 1, livenessFailures: 1 }), dead, 0, policy);
    expect(sut).toMatchObject({ decision: 'startup-grace', report: undefined, action: 'none' });
    expect(sut.patch).toMatchObject({ failures: 2, livenessFailures: 2 });
  });

  it('reports degraded and asks for a repair at the startup threshold', () => {
    const sut = decide(state({ seenHealthy: false, failures: 2, livenessFailures: 2 }), dead, 0, policy);
    expect(sut).toMatchObject({ decision: 'repair', report: 'degraded', action: 'repair', reason: dead.reason });
    expect(sut.patch).toEqual({ failures: 0, livenessFailures: 0, seenHealthy: false, lastUptimeMs: null, repairs: 1 });
  });

  it('reports a live agent degraded at its first liveness failure, without a repair yet', () => {
    const sut = decide(state(), dead, 0, policy);
    expect(sut).toMatchObject({ decision: 'degraded', report: 'degraded', action: 'none' });
  });

  it('does not report degraded twice', () => {
    const sut = decide(state({ status: 'degraded', failures: 1, livenessFailures: 1 }), dead, 0, policy);
    expect(sut).toMatchObject({ decision: 'degraded', report: undefined, action: 'none' });
  });

  it('makes failing readiness degraded but never a repair', () => {
    const sut = decide(state({ failures: 5 }), notReady, 0, policy);
    expect(sut).toMatchObject({ decision: 'not-ready', report: 'degraded', action: 'none', reason: 'not ready: model' });
    expect(sut.patch).toMatchObject({ failures: 6, livenessFailures: 0 });
  });

  it('gives failing readiness the startup grace too', () => {
    const sut = decide(state({ seenHealthy: false, lastUptimeMs: null }), notReady, 0, policy);
    expect(sut).toMatchObject({ decision: 'startup-grace', report: undefined });
  });

  it('gives up once the repairs of the episode are used up', () => {
    const sut = decide(state({ status: 'degraded', repairs: 2, failures: 2, livenessFailures: 2 }), dead, 2, policy);
    expect(sut).toMatchObject({ decision: 'repairs-exhausted', action: 'fail' });
    expect(sut.reason).toBe(`still failing after 2 repair(s): ${dead.reason}`);
  });

  it('stops repairs in a crash loop', () => {
    const sut = decide(state({ status: 'degraded', repairs: 1, failures: 2, livenessFailures: 2 }), dead, 3, policy);
    expect(sut).toMatchObject({ decision: 'crash-loop', action: 'fail', reason: 'crash loop: 3 restarts within 300 s' });
  });

  it('counts a runtime whose uptime went backwards as restarted, with startup grace again', () => {
    const sut = decide(state({ lastUptimeMs: 50_000 }), notReady, 0, policy);
    expect(sut).toMatchObject({ restarted: true, decision: 'startup-grace', report: undefined });
    expect(sut.patch).toMatchObject({ seenHealthy: false, lastUptimeMs: 20_000 });
  });

  it('starts the failure count over when the uptime went backwards, so the startup grace applies in full', () => {
    const sut = decide(state({ lastUptimeMs: 50_000, failures: 2 }), notReady, 0, policy);
    expect(sut).toMatchObject({ restarted: true, decision: 'startup-grace', report: undefined, action: 'none' });
    expect(sut.patch).toMatchObject({ failures: 1, seenHealthy: false });
  });

  it('fails an agent whose restarts reach the crash-loop threshold, even while it answers', () => {
    const sut = decide(state({ lastUptimeMs: 50_000 }), healthy, 2, policy);
    expect(sut).toMatchObject({ restarted: true, decision: 'crash-loop', action: 'fail', reason: 'crash loop: 3 restarts within 300 s' });
  });
});

describe('needsRestarts', () => {
  it.each([
    ['a healthy check', state(), healthy, false],
    ['a failure below the repair threshold', state({ livenessFailures: 1 }), dead, false],
    ['a liveness failure that makes a repair due', state({ livenessFailures: 2 }), dead, true],
    ['a check that sees the uptime go backwards', state({ lastUptimeMs: 50_000 }), healthy, true],
  ])('%s: %s', (_, before, probe, expected) => {
    expect(needsRestarts(before, probe, policy)).toBe(expected);
  });
});
