import { SCHEDULER_MESSAGES as M, type ScheduledTaskView, type TaskRunList, type TaskRunView } from '@platform/contracts';
import { provisionRunning, subscribedUser, TestPlatform, waitForStatus, waitUntil, type TestUser } from '@platform/testing';
import { taskBody } from '../testing/task-fixtures.js';

/** Scheduled runs against a real agent: a runtime answering through the AI layer and the LLM sandbox. */
let platform: TestPlatform;
let owner: TestUser;
let agentId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage', 'agents', 'scheduler'] });
  owner = await subscribedUser(platform);
  agentId = await provisionRunning(platform, owner, { tier: 'pro' });
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const EVERY_SECOND = '* * * * * *';

async function everySecond(prompt: string): Promise<ScheduledTaskView> {
  const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { cronSchedule: EVERY_SECOND, prompt }));
  if (response.status !== 201) throw new Error(`create task: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const runsOf = async (taskId: string): Promise<TaskRunView[]> => (await owner.client.get<TaskRunList>(`/api/scheduled-tasks/${taskId}/runs`)).body.runs;

const disable = (taskId: string) => owner.client.put('/api/scheduled-tasks', { taskId, enabled: false });

const finished = (runs: TaskRunView[]) => runs.filter((run) => run.status !== 'running');

describe('a 6-field every-second task on a running agent', () => {
  let task: ScheduledTaskView;
  let runs: TaskRunView[];

  beforeAll(async () => {
    task = await everySecond('Scheduled check-in');
    runs = await waitUntil('two finished runs', () => runsOf(task.id), (current) => finished(current).length >= 2, 20_000);
    await disable(task.id);
  });

  it('sends the prompt to the agent, whose answer is in its history', async () => {
    const history = (await owner.client.get(`/api/agents/${agentId}/messages`)).body;

    expect(history.messages).toEqual(expect.arrayContaining([
      expect.objectContaining({ role: 'user', content: 'Scheduled check-in' }),
      expect.objectContaining({ role: 'assistant', content: expect.stringContaining('Scheduled check-in') }),
    ]));
  });

  it('records each run succeeded, with its tick, start and duration, newest first', () => {
    const done = finished(runs);

    expect(done[0]).toEqual({
      id: expect.any(String), taskId: task.id, scheduledFor: expect.stringMatching(/\.000Z$/), status: 'succeeded',
      startedAt: expect.any(String), durationMs: expect.any(Number), error: null,
    });
    const ticks = runs.map((run) => Date.parse(run.scheduledFor));
    expect(ticks).toEqual([...ticks].sort((a, b) => b - a));
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('keeps lastRun at the latest run; nextRun was the next second, and is null once disabled', async () => {
    const listed = (await owner.client.get('/api/scheduled-tasks')).body.tasks.find((current: ScheduledTaskView) => current.id === task.id);

    expect(Date.parse(listed.lastRun)).toBeGreaterThanOrEqual(Date.parse(runs[0]!.startedAt));
    expect(listed.nextRun).toBeNull();
    // nextRun is read off the cron when the answer is made, which a loaded machine makes up to seconds after createdAt.
    const ahead = Date.parse(task.nextRun!) - Date.parse(task.createdAt);
    expect([task.nextRun!.endsWith('.000Z'), ahead > 0 && ahead <= 5000]).toEqual([true, true]);
  });

  it('runs no more once disabled', async () => {
    // A run already taken when the task was disabled may still finish: count from a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = (await runsOf(task.id)).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect((await runsOf(task.id)).length).toBe(before);
  });
});

describe('GET /api/scheduled-tasks/:taskId/runs', () => {
  it('returns 404 for another user\'s task', async () => {
    const task = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { enabled: false }));
    const stranger = await platform.newUser();

    const response = await stranger.client.get(`/api/scheduled-tasks/${task.body.id}/runs`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.taskNotFound });
  });

  it('answers an empty list for a task that never ran', async () => {
    const task = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { enabled: false }));

    const response = await owner.client.get(`/api/scheduled-tasks/${task.body.id}/runs`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ runs: [], count: 0 });
  });

  it('returns 401 without a session', async () => {
    const response = await platform.web().get('/api/scheduled-tasks/any/runs');

    expect(response.status).toBe(401);
  });
});

describe('a task whose agent is stopped', () => {
  it('records its runs skipped, with the agents service\'s reason', async () => {
    expect((await owner.client.post(`/api/agents/${agentId}/stop`)).status).toBe(200);
    await waitForStatus(platform.backend(), agentId, 'stopped');
    const task = await everySecond('Nobody home');

    const runs = await waitUntil('a finished run', () => runsOf(task.id), (current) => finished(current).length >= 1, 10_000);
    await disable(task.id);

    expect(finished(runs)[0]).toMatchObject({ status: 'skipped', error: expect.stringContaining('stopped') });
  });
});
