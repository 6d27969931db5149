import { randomUUID } from 'node:crypto';
import { SUBJECTS } from '@platform/contracts';
import { DEGRADED_MS, NORMAL_MS, until, useWatchdogHarness } from '../testing/watchdog-harness.js';

describe('AgentChecks (watchdog against real Redis, Postgres, NATS and HTTP runtimes)', () => {
  const harness = useWatchdogHarness();

  const statusOf = (agentId: string) => harness.agents.agents.get(agentId)!.status;

  it('samples CPU and memory of a healthy agent into container_metrics and reports nothing', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);

    await until('two samples', async () => (await harness.metrics(agentId)).length >= 2);

    const [row] = await harness.metrics(agentId);
    expect(row).toMatchObject({
      agent_id: agentId,
      user_id: harness.agents.agents.get(agentId)!.userId,
      cpu_percent: 12.5,
      memory_bytes: String(64 * 1024 * 1024),
      memory_limit_bytes: String(2 * 1024 ** 3),
    });
    expect(Number(row!.uptime_ms)).toBeGreaterThan(0);
    expect(harness.agents.requestsFor(agentId)).toEqual([]);
    expect(statusOf(agentId)).toBe('running');
  });

  it('reports a runtime failing liveness from the start degraded only after the startup threshold, then asks for a repair', async () => {
    const runtime = await harness.runtime();
    runtime.live = 'error';
    const agentId = await harness.agents.provision(runtime);

    await until('a repair', () => harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogRepair).length === 1);

    const [report, repair] = harness.agents.requestsFor(agentId);
    expect(report).toMatchObject({ subject: SUBJECTS.agents.healthReport, data: { agentId, state: 'degraded', reason: 'liveness probe answered 500' } });
    expect(report!.healthzHits).toBeGreaterThanOrEqual(3);
    expect(repair).toMatchObject({ subject: SUBJECTS.agents.watchdogRepair, data: { agentId, reason: 'liveness probe answered 500' } });
    await until('running after the repair', () => statusOf(agentId) === 'running');
    await until('a sample from the repaired runtime', async () => (await harness.metrics(agentId)).length >= 1);
    await until('the normal pace again', async () => (await harness.scheduler(agentId))?.everyMs === NORMAL_MS);
    expect(harness.agents.requestsFor(agentId)).toHaveLength(2);
  });

  it('counts a liveness probe that times out as a failure', async () => {
    const runtime = await harness.runtime();
    runtime.live = 'hang';
    // A repair that does not help, so the runtime is never live while this test looks.
    harness.agents.repairRuntime = async () => undefined;
    const agentId = await harness.agents.provision(runtime);

    await until('a report', () => harness.agents.requestsFor(agentId, SUBJECTS.agents.healthReport).length > 0);
    expect(harness.agents.requestsFor(agentId)[0]).toMatchObject({ data: { state: 'degraded', reason: 'liveness probe failed: timed out' } });
    // Readiness and the resource reading are asked only of a live runtime (docs/watchdog.md).
    expect(runtime.hits).toMatchObject({ readyz: 0, health: 0 });
  });

  it("does not take another agent's runtime answering on its port as live, nor store that runtime's metrics", async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a healthy check', async () => (await harness.metrics(agentId)).length >= 1);

    const stranger = randomUUID();
    runtime.agentId = stranger;
    await until('a report', () => harness.agents.requestsFor(agentId, SUBJECTS.agents.healthReport).length > 0);
    expect(harness.agents.requestsFor(agentId)[0]).toMatchObject({ data: { agentId, state: 'degraded', reason: `liveness probe answered as agent ${stranger}` } });
    const samples = (await harness.metrics(agentId)).length;
    const probed = runtime.hits.healthz;
    await until('two more checks', () => runtime.hits.healthz >= probed + 2);
    expect(await harness.metrics(agentId)).toHaveLength(samples);
    expect(runtime.hits.health).toBe(samples);
  });

  it('makes an agent whose readiness fails degraded without a repair, and healthy again when it recovers', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a healthy check', async () => (await harness.metrics(agentId)).length >= 1);

    runtime.ready = false;
    runtime.failing = ['model'];
    await until('degraded', () => statusOf(agentId) === 'degraded');
    expect(harness.agents.requestsFor(agentId)).toEqual([
      expect.objectContaining({ subject: SUBJECTS.agents.healthReport, data: { agentId, state: 'degraded', reason: 'not ready: model' } }),
    ]);
    await until('the degraded pace', async () => (await harness.scheduler(agentId))?.everyMs === DEGRADED_MS);
    const probed = runtime.hits.readyz;
    await until('five more checks', () => runtime.hits.readyz >= probed + 5);
    expect(harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogRepair)).toEqual([]);

    runtime.ready = true;
    await until('running again', () => statusOf(agentId) === 'running');
    expect(harness.agents.requestsFor(agentId).at(-1)).toMatchObject({ subject: SUBJECTS.agents.healthReport, data: { agentId, state: 'healthy' } });
    await until('the normal pace again', async () => (await harness.scheduler(agentId))?.everyMs === NORMAL_MS);
  });

  it('reports a live agent degraded at its first liveness failure and recovers it when it answers again', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a healthy check', async () => (await harness.metrics(agentId)).length >= 1);

    const probed = runtime.hits.healthz;
    // Answers again the moment it is reported: a recovery, with no time for the failures that ask for a repair.
    harness.agents.onRequest = (request) => {
      if (request.data.agentId === agentId) runtime.live = 'ok';
    };
    runtime.live = 'error';
    await until('running again', () => harness.agents.requestsFor(agentId).length === 2 && statusOf(agentId) === 'running');

    const [degraded, healthy] = harness.agents.requestsFor(agentId);
    expect(degraded).toMatchObject({ data: { state: 'degraded', reason: 'liveness probe answered 500' }, healthzHits: probed + 1 });
    expect(healthy).toMatchObject({ data: { state: 'healthy' } });
  });

  it.each(['stopped', 'suspended', 'deleted'] as const)('unwatches an agent the agents service answers as %s', async (status) => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a healthy check', async () => (await harness.metrics(agentId)).length >= 1);

    // The agent changed without the event reaching the watchdog yet; its next report is answered with where it stands.
    if (status === 'deleted') harness.agents.agents.delete(agentId);
    else harness.agents.agents.get(agentId)!.status = status;
    runtime.ready = false;
    await until('the schedule removed', async () => (await harness.scheduler(agentId)) === undefined);

    expect(harness.agents.requestsFor(agentId)).toEqual([expect.objectContaining({ subject: SUBJECTS.agents.healthReport, data: expect.objectContaining({ state: 'degraded' }) })]);
    const probed = runtime.hits.healthz;
    await new Promise((resolve) => setTimeout(resolve, 5 * DEGRADED_MS));
    expect(runtime.hits.healthz).toBe(probed);
    expect(harness.agents.requestsFor(agentId)).toHaveLength(1);
  });

  it('stops after the maximum repairs per episode and fails the agent with the reason', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a healthy check', async () => (await harness.metrics(agentId)).length >= 1);
    harness.agents.repairRuntime = async (repaired) => repaired.restart();

    await runtime.down();
    await until('error', () => statusOf(agentId) === 'error');

    expect(harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogRepair)).toHaveLength(2);
    const [fail] = harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogFail);
    expect(fail!.data).toEqual({ agentId, reason: 'still failing after 2 repair(s): liveness probe failed: ECONNREFUSED' });
    await until('the schedule removed', async () => (await harness.scheduler(agentId)) === undefined);
    const asked = harness.agents.requestsFor(agentId).length;
    await new Promise((resolve) => setTimeout(resolve, 5 * DEGRADED_MS));
    expect(harness.agents.requestsFor(agentId)).toHaveLength(asked);
  });

  it('fails an agent in a crash loop (a repair and two restarts under it) and repairs it no more', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a healthy check', async () => (await harness.metrics(agentId)).length >= 1);
    harness.agents.repairRuntime = async (repaired) => {
      repaired.live = 'ok';
      repaired.restart();
    };

    runtime.live = 'error';
    await until('a repair', () => harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogRepair).length === 1);
    for (let restart = 0; restart < 2; restart += 1) {
      const seen = runtime.hits.readyz;
      await until('a check that sees the runtime up', () => runtime.hits.readyz >= seen + 2);
      runtime.restart();
    }
    await until('error', () => statusOf(agentId) === 'error');

    const [fail] = harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogFail);
    expect(fail!.data).toEqual({ agentId, reason: 'crash loop: 3 restarts within 300 s' });
    expect(harness.agents.requestsFor(agentId, SUBJECTS.agents.watchdogRepair)).toHaveLength(1);
    expect((await harness.scrape()).value('watchdog_decisions_total', { decision: 'crash-loop' })).toBe(1);
    await until('the schedule removed', async () => (await harness.scheduler(agentId)) === undefined);
  });
});
