import { randomUUID } from 'node:crypto';
import { DEGRADED_MS, NORMAL_MS, until, useWatchdogHarness } from '../testing/watchdog-harness.js';

describe('WatchList (schedules follow agent status events; boot reconciliation)', () => {
  const harness = useWatchdogHarness();

  const paceOf = async (agentId: string) => (await harness.scheduler(agentId))?.everyMs;

  it('creates a schedule when an agent is running, switches it to the degraded interval and back, and removes it when stopped', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await until('a schedule', async () => (await paceOf(agentId)) === NORMAL_MS);
    // Else the watchdog, finding it healthy, would report it back to running at once.
    runtime.ready = false;

    await harness.agents.move(agentId, 'degraded', 'reported by the gateway');
    await until('the degraded interval', async () => (await paceOf(agentId)) === DEGRADED_MS);

    runtime.ready = true;
    await harness.agents.move(agentId, 'running');
    await until('the normal interval', async () => (await paceOf(agentId)) === NORMAL_MS);

    await harness.agents.move(agentId, 'stopping');
    await harness.agents.move(agentId, 'stopped');
    await until('no schedule', async () => (await paceOf(agentId)) === undefined);
  });

  it.each(['deleted', 'error', 'suspended'] as const)('removes the schedule of an agent that is %s', async (status) => {
    const agentId = await harness.agents.provision(await harness.runtime());
    await until('a schedule', async () => (await paceOf(agentId)) === NORMAL_MS);

    await harness.agents.move(agentId, status);
    await until('no schedule', async () => (await paceOf(agentId)) === undefined);
  });

  it('ignores a running event older than the stopped one', async () => {
    const agentId = await harness.agents.provision(await harness.runtime());
    await until('a schedule', async () => (await paceOf(agentId)) === NORMAL_MS);
    const beforeStop = new Date(Date.now() - 1);
    await harness.agents.move(agentId, 'stopped');
    await until('no schedule', async () => (await paceOf(agentId)) === undefined);

    await harness.agents.redeliver(agentId, 'running', 'provisioning', beforeStop);
    // Events are handled in order: once a later agent is watched, the late event has been handled.
    const later = await harness.agents.provision(await harness.runtime());
    await until('the later agent watched', async () => (await paceOf(later)) === NORMAL_MS);

    expect(await paceOf(agentId)).toBeUndefined();
  });

  it('checks once per interval when the running event comes twice', async () => {
    const runtime = await harness.runtime();
    const agentId = await harness.agents.provision(runtime);
    await harness.agents.move(agentId, 'running');
    await until('a schedule', async () => (await paceOf(agentId)) === NORMAL_MS);
    await until('a first check', () => runtime.hits.healthz > 0);

    const probed = runtime.hits.healthz;
    await new Promise((resolve) => setTimeout(resolve, 5 * NORMAL_MS));
    // Five intervals make five checks, one more at a boundary; a second schedule or a check started at once by the replay would make more.
    expect(runtime.hits.healthz - probed).toBeGreaterThanOrEqual(2);
    expect(runtime.hits.healthz - probed).toBeLessThanOrEqual(6);
  });

  it('keeps every schedule, without duplicates, and the check state across a watchdog restart', async () => {
    const healthy = await harness.agents.provision(await harness.runtime());
    const failing = await harness.runtime();
    failing.ready = false;
    const notReady = await harness.agents.provision(failing);
    await until('degraded', () => harness.agents.agents.get(notReady)!.status === 'degraded');
    await until('the degraded interval', async () => (await paceOf(notReady)) === DEGRADED_MS);
    const before = await harness.schedulers();

    await harness.stopWatchdog();
    const reportsBefore = harness.agents.requestsFor(notReady).length;
    await harness.startWatchdog();

    expect(await harness.schedulers()).toEqual(expect.arrayContaining(before));
    expect(await harness.schedulers()).toHaveLength(before.length);
    const samples = (await harness.metrics(healthy)).length;
    await until('checks resume', async () => (await harness.metrics(healthy)).length > samples);
    const probes = failing.hits.readyz;
    await until('the degraded agent checked again', () => failing.hits.readyz >= probes + 3);
    // Its state survived: it is known to be degraded, so it is not reported again.
    expect(harness.agents.requestsFor(notReady)).toHaveLength(reportsBefore);
  });

  it('reconciles at boot: watches every listed agent at its pace (legacy active included) and drops schedules of agents no longer listed', async () => {
    const gone = await harness.agents.provision(await harness.runtime());
    await until('a schedule', async () => (await paceOf(gone)) === NORMAL_MS);
    await harness.stopWatchdog();

    // While the watchdog was down: one agent vanished without an event reaching it, two appeared.
    harness.agents.agents.delete(gone);
    const running = randomUUID();
    const degraded = randomUUID();
    const legacy = randomUUID();
    harness.agents.agents.set(running, { userId: 'user-r', status: 'running', runtime: await harness.runtime() });
    harness.agents.agents.set(legacy, { userId: 'user-a', status: 'active', runtime: await harness.runtime() });
    const notReady = await harness.runtime();
    notReady.ready = false;
    harness.agents.agents.set(degraded, { userId: 'user-d', status: 'degraded', runtime: notReady });
    await harness.startWatchdog();

    await until('the listed agents watched', async () =>
      (await paceOf(running)) === NORMAL_MS && (await paceOf(legacy)) === NORMAL_MS && (await paceOf(degraded)) === DEGRADED_MS);
    await until('the unlisted schedule dropped', async () => (await paceOf(gone)) === undefined);
    await until('the new agents checked', async () =>
      (await harness.metrics(running)).length > 0 && (await harness.metrics(legacy)).length > 0 && (await harness.metrics(degraded)).length > 0);
  });

  it('retries the boot reconciliation until the agents service answers', async () => {
    await harness.stopWatchdog();
    const agentId = randomUUID();
    harness.agents.agents.set(agentId, { userId: 'user-late', status: 'running', runtime: await harness.runtime() });
    harness.agents.answering = false;
    await harness.startWatchdog();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await paceOf(agentId)).toBeUndefined();

    harness.agents.answering = true;
    await until('watched once the agents service answers', async () => (await paceOf(agentId)) === NORMAL_MS);
  });
});
