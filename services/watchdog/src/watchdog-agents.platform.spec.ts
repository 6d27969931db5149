import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { QUEUES } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import { BEARER, ownerQuery, provisionRunning, queueProducer, statusesUntil as passedStatuses, subscribedUser, TestPlatform, waitFor, type TestUser } from '@platform/testing';

/**
 * The watchdog against real agent processes run by the agents service's local provider (issue 3):
 * a killed runtime is brought back, a runtime that keeps dying ends in `error`, a runtime that is
 * live but not ready is degraded and left running, and restarts of either service lose nothing.
 */
describe('watchdog with real agent runtimes', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let queues: QueueFactory;

  const statusOf = async (agentId: string) => (await platform.backend().get(`/api/agents/${agentId}`, BEARER)).body as { status: string; statusReason?: string };
  const pidOf = async (agentId: string) =>
    (await ownerQuery<{ pid: number }>(platform.env, 'SELECT pid FROM agents.local_runtimes WHERE agent_id = $1', [agentId]))[0]?.pid;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  const statusesUntil = (agentId: string, done: (status: string) => boolean, seen?: string[]) => passedStatuses(platform.backend(), agentId, done, seen);

  /** Kills the runtime outright and waits for the watchdog to bring a new process to `running`. */
  async function killAndAwaitRepair(agentId: string): Promise<void> {
    const pid = await pidOf(agentId);
    process.kill(pid!, 'SIGKILL');
    const seen = await statusesUntil(agentId, (status) => status !== 'running');
    await statusesUntil(agentId, (status) => status === 'running' || status === 'error', seen);
    expect(seen).toEqual(['running', 'degraded', 'repairing', 'running']);
    const fresh = await pidOf(agentId);
    expect(fresh).not.toBe(pid);
    expect(alive(fresh!)).toBe(true);
  }

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['billing', 'agents', 'watchdog'],
      env: {
        WATCHDOG_CHECK_INTERVAL: '1',
        WATCHDOG_DEGRADED_CHECK_INTERVAL: '0.5',
        WATCHDOG_PROBE_TIMEOUT: '1',
        WATCHDOG_REPAIR_TIMEOUT: '30',
        WATCHDOG_RECONCILE_RETRY: '0.5',
      },
    });
    owner = await subscribedUser(platform, 'network');
    queues = queueProducer(platform.env);
  });

  afterAll(async () => {
    await queues?.onApplicationShutdown();
    await platform?.close();
  });

  it('repairs a runtime killed with SIGKILL: running → degraded → repairing → running', async () => {
    await killAndAwaitRepair(await provisionRunning(platform, owner));
  });

  it('marks a runtime that keeps dying as error and repairs it no more', async () => {
    const agentId = await provisionRunning(platform, owner);
    let last = await pidOf(agentId);
    for (let round = 0; round < 5; round += 1) {
      process.kill(last!, 'SIGKILL');
      const now = await waitFor(async () => ({ status: (await statusOf(agentId)).status, pid: await pidOf(agentId) }),
        (state) => state.status === 'error' || (state.status === 'running' && state.pid !== last), 30_000);
      if (now.status === 'error') break;
      last = now.pid;
    }
    const failed = await statusOf(agentId);
    expect(failed.status).toBe('error');
    expect(failed.statusReason).toMatch(/crash loop|repair/i);
    // No further repairs: a few degraded intervals later it is still in error with no live runtime.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await statusOf(agentId)).status).toBe('error');
    const pid = await pidOf(agentId);
    expect(pid === undefined || !alive(pid)).toBe(true);
    expect(await queues.scheduler(QUEUES.watchdogCheck, agentId)).toBeUndefined();
  });

  it('degrades a runtime whose readiness fails without restarting it, and recovers it', async () => {
    const agentId = await provisionRunning(platform, owner);
    const pid = await pidOf(agentId);
    // The memory store writes by renaming a temporary file over memory.json: a directory there fails it.
    const memoryFile = path.join(platform.env.AGENT_DATA_DIR!, agentId, 'memory.json');
    await rm(memoryFile, { force: true });
    await mkdir(memoryFile);
    await statusesUntil(agentId, (status) => status === 'degraded');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await statusOf(agentId)).status).toBe('degraded');
    expect(await pidOf(agentId)).toBe(pid);
    await rm(memoryFile, { recursive: true });
    await statusesUntil(agentId, (status) => status === 'running');
    expect(await pidOf(agentId)).toBe(pid);
    expect(alive(pid!)).toBe(true);
  });

  it('loses no agent and no schedule when the agents service and the watchdog restart', async () => {
    const agentId = await provisionRunning(platform, owner);
    const pid = await pidOf(agentId);
    await platform.restartService('agents');
    await platform.restartService('watchdog');
    expect(await pidOf(agentId)).toBe(pid);
    expect(alive(pid!)).toBe(true);
    const schedules = (await queues.schedulers(QUEUES.watchdogCheck)).filter((scheduler) => scheduler.id === agentId);
    expect(schedules).toHaveLength(1);
    await killAndAwaitRepair(agentId);
  });
});
