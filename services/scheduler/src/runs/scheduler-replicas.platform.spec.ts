import type { INestApplicationContext } from '@nestjs/common';
import { QUEUES, SCHEDULER_MESSAGES as M, type ScheduledTaskView, type TaskRunList } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { ownerQuery, recordedAgent, subscribedUser, TestPlatform, waitUntil, type TestUser } from '@platform/testing';
import { startScheduler } from '../scheduler.app.js';
import { taskBody } from '../testing/task-fixtures.js';

/**
 * Scheduler processes side by side, killed and restarted. The agent has no runtime, so every run
 * is a quick `skipped`: what is counted is runs per tick, not what the agent says.
 */
let platform: TestPlatform;
let owner: TestUser;
let agentId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['billing', 'agents', 'scheduler'], processes: ['scheduler'] });
  owner = await subscribedUser(platform);
  agentId = await recordedAgent(platform, owner);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function everySecond(): Promise<ScheduledTaskView> {
  const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { cronSchedule: '* * * * * *' }));
  if (response.status !== 201) throw new Error(`create task: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Every run of the task, oldest tick first, with its tick and start in ms. */
async function runsOf(taskId: string): Promise<Array<{ tick: number; startedAt: number }>> {
  const rows = await ownerQuery<{ tick: string; started: string }>(platform.env,
    `SELECT (extract(epoch FROM scheduled_for) * 1000)::bigint AS tick, (extract(epoch FROM started_at) * 1000)::bigint AS started
     FROM scheduler.task_runs WHERE task_id = $1 ORDER BY scheduled_for`, [taskId]);
  return rows.map((row) => ({ tick: Number(row.tick), startedAt: Number(row.started) }));
}

/** Disabled, and a moment for a run already taken to finish. */
async function stop(taskId: string): Promise<void> {
  await owner.client.put('/api/scheduled-tasks', { taskId, enabled: false });
  await sleep(1500);
}

const gaps = (ticks: number[]) => ticks.slice(1).map((tick, index) => tick - ticks[index]!);

describe('two scheduler replicas', () => {
  let second: INestApplicationContext;

  afterAll(async () => {
    await second?.close();
  });

  it('make one run per tick: every second once, none twice, none missed', async () => {
    second = await startScheduler(platform.env);
    const task = await everySecond();

    await waitUntil('eight runs', () => runsOf(task.id), (runs) => runs.length >= 8, 20_000);
    await stop(task.id);

    const ticks = (await runsOf(task.id)).map((run) => run.tick);
    expect(gaps(ticks).every((gap) => gap === 1000)).toBe(true);
  });
});

describe('a scheduler killed and started again', () => {
  it('keeps every schedule, with at most one catch-up run for the ticks it missed and none twice', async () => {
    const tasks = await Promise.all([everySecond(), everySecond()]);
    await waitUntil('runs of both tasks', async () => Promise.all(tasks.map((task) => runsOf(task.id))), (runs) => runs.every((list) => list.length >= 2), 15_000);

    await platform.kill('scheduler');
    const killedAt = Date.now();
    await sleep(3000);
    const restartedAt = Date.now();
    await platform.startService('scheduler');
    await waitUntil('runs after the restart', async () => Promise.all(tasks.map((task) => runsOf(task.id))),
      (runs) => runs.every((list) => list.filter((run) => run.tick > restartedAt).length >= 3), 30_000);
    await Promise.all(tasks.map((task) => stop(task.id)));

    for (const task of tasks) {
      const runs = await runsOf(task.id);
      const missedWhileDown = runs.filter((run) => run.tick > killedAt + 1000 && run.tick < restartedAt);
      expect(missedWhileDown.length).toBeLessThanOrEqual(1);
      const resumed = runs.filter((run) => run.startedAt > restartedAt).map((run) => run.tick);
      // Past the catch-up, the ticks are every second again.
      expect(gaps(resumed.filter((tick) => tick > restartedAt)).every((gap) => gap === 1000)).toBe(true);
    }
  });

  it('fails at boot a run its killed scheduler left running, saying why', async () => {
    const task = await everySecond();
    await stop(task.id);
    await platform.kill('scheduler');
    // As a scheduler killed while the agent was answering leaves it: claimed long ago, never finished.
    const [left] = await ownerQuery<{ id: string }>(platform.env,
      `INSERT INTO scheduler.task_runs (task_id, user_id, scheduled_for, started_at)
       SELECT id, user_id, now() - interval '10 minutes', now() - interval '10 minutes' FROM scheduler.scheduled_tasks WHERE id = $1
       RETURNING id`, [task.id]);

    await platform.startService('scheduler');

    const runs = (await owner.client.get<TaskRunList>(`/api/scheduled-tasks/${task.id}/runs`)).body.runs;
    expect(runs.find((run) => run.id === left!.id)).toMatchObject({ status: 'failed', error: M.runAbandoned, durationMs: null });
  });

  it('schedules again at boot an enabled task whose job scheduler Redis lost', async () => {
    const task = await everySecond();
    await platform.kill('scheduler');
    const redis = new QueueFactory({ redisUrl: platform.env.REDIS_URL!, prefix: platform.env.REDIS_PREFIX! });
    await redis.removeScheduler(QUEUES.schedulerRun, task.id);
    const restartedAt = Date.now();

    await platform.startService('scheduler');

    expect(await redis.cronScheduler(QUEUES.schedulerRun, task.id)).toEqual({ pattern: '* * * * * *', tz: 'UTC' });
    await waitUntil('a run after the restart', () => runsOf(task.id), (runs) => runs.some((run) => run.tick > restartedAt), 10_000);
    await stop(task.id);
    await redis.onApplicationShutdown();
  });
});
