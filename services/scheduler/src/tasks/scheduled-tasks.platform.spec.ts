import { cronDoesNotParse, missingFields, QUEUES, SCHEDULER_MESSAGES as M, type ScheduledTaskView } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { recordedAgent, subscribedUser, TestPlatform, type TestUser } from '@platform/testing';
import { taskBody } from '../testing/task-fixtures.js';

let platform: TestPlatform;
let owner: TestUser;
let stranger: TestUser;
let agentId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['billing', 'agents', 'scheduler'] });
  [owner, stranger] = await Promise.all([subscribedUser(platform), subscribedUser(platform)]);
  agentId = await recordedAgent(platform, owner);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const schedule = (taskId: string) => platform.provider('scheduler', QueueFactory).cronScheduler(QUEUES.schedulerRun, taskId);

async function createTask(overrides: Record<string, unknown> = {}): Promise<ScheduledTaskView> {
  const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, overrides));
  if (response.status !== 201) throw new Error(`create task: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

describe('POST /api/scheduled-tasks', () => {
  it('returns 201 with every field of the task, enabled by default, in UTC, scheduled in Redis', async () => {
    const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { description: 'Every day at nine' }));

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String), name: 'Morning brief', description: 'Every day at nine', cronSchedule: '0 9 * * *',
      prompt: 'Summarise my day', enabled: true, lastRun: null, nextRun: expect.stringMatching(/T09:00:00\.000Z$/), agentId,
      timezone: 'UTC', createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    expect(Date.parse(response.body.nextRun) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(await schedule(response.body.id)).toEqual({ pattern: '0 9 * * *', tz: 'UTC' });
  });

  it('reads the cron in the task\'s timezone, answered by its canonical name', async () => {
    const task = await createTask({ cronSchedule: '30 6 * * *', timezone: 'asia/tokyo' });

    expect(task.timezone).toBe('Asia/Tokyo');
    expect(task.nextRun).toMatch(/T21:30:00\.000Z$/);
    expect(await schedule(task.id)).toEqual({ pattern: '30 6 * * *', tz: 'Asia/Tokyo' });
  });

  it('takes 6 fields as seconds first', async () => {
    const task = await createTask({ cronSchedule: '15 0 9 * * *', enabled: false });

    expect(task.cronSchedule).toBe('15 0 9 * * *');
  });

  it('creates a disabled task without a schedule and without nextRun', async () => {
    const task = await createTask({ enabled: false });

    expect(task).toMatchObject({ enabled: false, nextRun: null });
    expect(await schedule(task.id)).toBeUndefined();
  });

  it.each([
    ['name', ['name']],
    ['cronSchedule', ['cronSchedule']],
    ['prompt', ['prompt']],
    ['agentId', ['agentId']],
  ])('returns 400 naming the missing %s', async (field, missing) => {
    const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { [field]: undefined }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: missingFields(missing) });
  });

  it('returns 400 naming every missing field at once', async () => {
    const response = await owner.client.post('/api/scheduled-tasks', { name: 'Only a name', prompt: '' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: missingFields(['cronSchedule', 'prompt', 'agentId']) });
  });

  it.each([['* * * *'], ['* * * * * * *'], ['@daily']])('returns 400 for the cron %j: not 5 or 6 fields', async (cronSchedule) => {
    const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { cronSchedule }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.cronFieldCount });
  });

  it('returns 400 for a cron that does not parse', async () => {
    const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { cronSchedule: '61 * * * *' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: cronDoesNotParse('Constraint error, got value 61 expected range 0-59') });
  });

  it('returns 400 for an unknown timezone', async () => {
    const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId, { timezone: 'Mars/Olympus_Mons' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.timezoneInvalid });
  });

  it('returns 404 for another user\'s agent', async () => {
    const response = await stranger.client.post('/api/scheduled-tasks', taskBody(agentId));

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.agentNotFound });
  });

  it('returns 404 for an agent that does not exist', async () => {
    const response = await owner.client.post('/api/scheduled-tasks', taskBody('7b0e4c4e-0000-4000-8000-000000000000'));

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.agentNotFound });
  });

  it('returns 401 without a session', async () => {
    const response = await platform.web().post('/api/scheduled-tasks', taskBody(agentId));

    expect(response.status).toBe(401);
  });
});

describe('GET /api/scheduled-tasks', () => {
  it('lists the caller\'s tasks newest first with their count', async () => {
    const user = await subscribedUser(platform);
    const agent = await recordedAgent(platform, user);
    for (const name of ['first', 'second', 'third']) await user.client.post('/api/scheduled-tasks', taskBody(agent, { name }));

    const response = await user.client.get('/api/scheduled-tasks');

    expect(response.status).toBe(200);
    expect(response.body.tasks.map((task: ScheduledTaskView) => task.name)).toEqual(['third', 'second', 'first']);
    expect(response.body.count).toBe(3);
  });

  it('lists only the tasks of the agentId given', async () => {
    const other = await recordedAgent(platform, owner, 'Other');
    const task = await createTask({ agentId: other });

    const response = await owner.client.get(`/api/scheduled-tasks?agentId=${other}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tasks: [task], count: 1 });
  });

  it('lists none of another user\'s tasks', async () => {
    await createTask();

    const response = await stranger.client.get('/api/scheduled-tasks');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tasks: [], count: 0 });
  });

  it('returns 401 without a session', async () => {
    const response = await platform.web().get('/api/scheduled-tasks');

    expect(response.status).toBe(401);
  });
});

describe('PUT /api/scheduled-tasks', () => {
  it('disables a task: no nextRun, no schedule', async () => {
    const task = await createTask();

    const response = await owner.client.put('/api/scheduled-tasks', { taskId: task.id, enabled: false });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...task, enabled: false, nextRun: null, updatedAt: expect.any(String) });
    expect(await schedule(task.id)).toBeUndefined();
  });

  it('enables a disabled task: scheduled again', async () => {
    const task = await createTask({ enabled: false });

    const response = await owner.client.put('/api/scheduled-tasks', { taskId: task.id, enabled: true });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ enabled: true, nextRun: expect.stringMatching(/T09:00:00\.000Z$/) });
    expect(await schedule(task.id)).toEqual({ pattern: '0 9 * * *', tz: 'UTC' });
  });

  it('reschedules on a new cron and timezone, and keeps the fields not sent', async () => {
    const task = await createTask({ description: 'kept' });

    const response = await owner.client.put('/api/scheduled-tasks', { taskId: task.id, cronSchedule: '45 18 * * *', timezone: 'America/New_York', name: 'Evening brief' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Evening brief', description: 'kept', prompt: task.prompt, cronSchedule: '45 18 * * *', timezone: 'America/New_York' });
    expect(response.body.nextRun).toMatch(/T(23|22):45:00\.000Z$/);
    expect(await schedule(task.id)).toEqual({ pattern: '45 18 * * *', tz: 'America/New_York' });
  });

  it('returns 400 for a new cron that does not parse, and changes nothing', async () => {
    const task = await createTask();

    const response = await owner.client.put('/api/scheduled-tasks', { taskId: task.id, cronSchedule: '* * *', name: 'not kept' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.cronFieldCount });
    expect((await owner.client.get('/api/scheduled-tasks')).body.tasks.find((listed: ScheduledTaskView) => listed.id === task.id).name).toBe(task.name);
  });

  it('returns 400 without taskId', async () => {
    const response = await owner.client.put('/api/scheduled-tasks', { enabled: false });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.taskIdRequired });
  });

  it.each([
    ['another user\'s task', async () => (await createTask()).id, () => stranger],
    ['a task that does not exist', async () => '7b0e4c4e-0000-4000-8000-000000000000', () => owner],
  ])('returns 404 for %s', async (_case, taskId, caller) => {
    const response = await caller().client.put('/api/scheduled-tasks', { taskId: await taskId(), enabled: false });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.taskNotFound });
  });

  it('returns 401 without a session', async () => {
    const response = await platform.web().put('/api/scheduled-tasks', { taskId: 'any', enabled: false });

    expect(response.status).toBe(401);
  });
});

describe('DELETE /api/scheduled-tasks', () => {
  it('deletes the task and its schedule', async () => {
    const task = await createTask();

    const response = await owner.client.delete('/api/scheduled-tasks', { taskId: task.id });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, taskId: task.id });
    expect(await schedule(task.id)).toBeUndefined();
    expect((await owner.client.get('/api/scheduled-tasks')).body.tasks.map((listed: ScheduledTaskView) => listed.id)).not.toContain(task.id);
  });

  it('takes taskId from the query too', async () => {
    const task = await createTask();

    const response = await owner.client.delete(`/api/scheduled-tasks?taskId=${task.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, taskId: task.id });
  });

  it('returns 400 without taskId', async () => {
    const response = await owner.client.delete('/api/scheduled-tasks', {});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.taskIdRequired });
  });

  it('returns 404 for another user\'s task, and keeps it', async () => {
    const task = await createTask();

    const response = await stranger.client.delete('/api/scheduled-tasks', { taskId: task.id });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.taskNotFound });
    expect(await schedule(task.id)).toEqual({ pattern: '0 9 * * *', tz: 'UTC' });
  });

  it('returns 401 without a session', async () => {
    const response = await platform.web().delete('/api/scheduled-tasks', { taskId: 'any' });

    expect(response.status).toBe(401);
  });
});

describe('the plan\'s task cap', () => {
  it('answers 429 with current and limit past it, and makes exactly one of two concurrent creates at limit - 1', async () => {
    const user = await subscribedUser(platform, 'label');
    const agent = await recordedAgent(platform, user);
    for (let index = 0; index < 4; index += 1) expect((await user.client.post('/api/scheduled-tasks', taskBody(agent))).status).toBe(201);

    const racing = await Promise.all([0, 1].map(() => user.client.post('/api/scheduled-tasks', taskBody(agent))));

    expect(racing.map((response) => response.status).sort()).toEqual([201, 429]);
    expect(racing.find((response) => response.status === 429)?.body).toEqual({ error: M.taskLimitReached, current: 5, limit: 5 });
    expect((await user.client.get('/api/scheduled-tasks')).body.count).toBe(5);
  });
});

describe('POST /api/scheduled-tasks while the agents service is away', () => {
  it('returns 503: whether the agent is the caller\'s cannot be known', async () => {
    await platform.stopService('agents');
    try {
      const response = await owner.client.post('/api/scheduled-tasks', taskBody(agentId));

      expect(response.status).toBe(503);
    } finally {
      await platform.startService('agents');
    }
  });
});
