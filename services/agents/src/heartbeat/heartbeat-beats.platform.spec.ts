import { QUEUES } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import {
  BEARER, ownerQuery, promoteScheduledJob, provisionRunning, queueProducer, subscribedUser, TestPlatform, waitFor, waitUntil, type TestUser,
} from '@platform/testing';
import { startAgents } from '../agents.app.js';
import { HEARTBEAT_PROMPT } from './heartbeat-prompt.js';

const MINUTE = 60_000;

interface Heartbeat {
  frequency: string;
  enabled: boolean;
  lastHeartbeat: string | null;
  nextHeartbeat: string | null;
}

/** Heartbeats beat (issue 14): one `agents.heartbeat` job scheduler per agent with enabled settings. */
describe('Heartbeats (agents.heartbeat)', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let stranger: TestUser;
  let queues: QueueFactory;
  let agentId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage', 'agents'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    queues = queueProducer(platform.env);
    owner = await subscribedUser(platform);
    stranger = await platform.newUser();
    // tier pro → plan collective, whose models the runtime's chat may use.
    agentId = await provisionRunning(platform, owner, { tier: 'pro' });
  });

  afterAll(async () => {
    await queues?.onApplicationShutdown();
    await platform?.close();
  });

  /** The agent's job scheduler: its interval and when it fires next. */
  const scheduler = async (id = agentId) => {
    const found = await queues.scheduler(QUEUES.agentsHeartbeat, id);
    return found && { everyMs: found.everyMs, nextAt: await queues.nextRunAt(QUEUES.agentsHeartbeat, id) };
  };
  const heartbeat = async (id = agentId): Promise<Heartbeat> => (await owner.client.get(`/api/heartbeat?agentId=${id}`)).body.heartbeat;
  const save = async (body: Record<string, unknown>, id = agentId): Promise<Heartbeat> =>
    (await owner.client.post('/api/heartbeat', { agentId: id, ...body })).body.heartbeat;
  const lastBeat = async () => (await ownerQuery<{ last_beat_outcome: string; last_beat_detail: string | null }>(
    platform.env, 'SELECT last_beat_outcome, last_beat_detail FROM agents.heartbeat_settings WHERE agent_id = $1', [agentId]))[0];
  /** The chats the agent's runtime has answered: each is one usage row. */
  const answeredChats = async () => ((await owner.client.get(`/api/agents/${agentId}/messages`)).body as { messages: { role: string }[] })
    .messages.filter((message) => message.role === 'assistant').length;
  const usageRows = async () => (await ownerQuery(platform.env, 'SELECT id FROM usage.usage_logs WHERE agent_id = $1', [agentId])).length;

  /** The tick a minute away comes now (its delayed job promoted); resolves with the settings once it has run. */
  const beatNow = async (): Promise<Heartbeat> => {
    const before = (await heartbeat()).lastHeartbeat;
    await promoteScheduledJob(platform.env, QUEUES.agentsHeartbeat, agentId);
    return waitUntil('the beat', heartbeat, (current) => current.lastHeartbeat !== before, 20_000);
  };

  describe('POST /api/heartbeat schedules', () => {
    it('the first beat at the nextHeartbeat it answers: now plus the frequency', async () => {
      const saved = await save({ frequency: '1m' });
      expect(await scheduler()).toEqual({ everyMs: MINUTE, nextAt: Date.parse(saved.nextHeartbeat!) });
    });

    it('again at once when saved again with another frequency', async () => {
      const saved = await save({ frequency: '2h' });
      expect(await scheduler()).toEqual({ everyMs: 120 * MINUTE, nextAt: Date.parse(saved.nextHeartbeat!) });
    });

    it('again at once when saved again with the same frequency', async () => {
      const first = await save({ frequency: '1m' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await save({ frequency: '1m' });
      expect(Date.parse(second.nextHeartbeat!)).toBeGreaterThan(Date.parse(first.nextHeartbeat!));
      expect((await scheduler())?.nextAt).toBe(Date.parse(second.nextHeartbeat!));
    });

    it('nothing with enabled false: the schedule is removed', async () => {
      await save({ frequency: '1m' });
      await save({ frequency: '1m', enabled: false });
      expect(await scheduler()).toBeUndefined();
    });
  });

  describe('DELETE /api/heartbeat', () => {
    it('removes the schedule', async () => {
      await save({ frequency: '1m' });
      expect((await owner.client.delete('/api/heartbeat', { agentId })).status).toBe(200);
      expect(await scheduler()).toBeUndefined();
    });

    it('of another user leaves the owner\'s schedule', async () => {
      await save({ frequency: '1m' });
      expect((await stranger.client.delete('/api/heartbeat', { agentId })).status).toBe(200);
      expect((await scheduler())?.everyMs).toBe(MINUTE);
    });
  });

  describe('a beat of a running agent', () => {
    beforeAll(async () => {
      await save({ frequency: '1m' });
    });

    it('sends the heartbeat prompt as a message: prompt and reply are in the agent\'s history', async () => {
      await beatNow();
      const { messages } = (await owner.client.get(`/api/agents/${agentId}/messages`)).body as { messages: { role: string; content: string }[] };
      expect(messages.slice(-2)).toEqual([
        expect.objectContaining({ role: 'user', content: HEARTBEAT_PROMPT }),
        expect.objectContaining({ role: 'assistant', content: expect.stringContaining(HEARTBEAT_PROMPT) }),
      ]);
      expect(await lastBeat()).toEqual({ last_beat_outcome: 'ok', last_beat_detail: null });
    });

    it('moves lastHeartbeat to the beat and nextHeartbeat to the scheduler\'s next tick', async () => {
      const saved = await save({ frequency: '1m' });
      const beaten = await beatNow();
      expect(Date.parse(beaten.lastHeartbeat!)).toBeGreaterThan(Date.parse(saved.lastHeartbeat!));
      // The promoted tick was due at the saved nextHeartbeat; the one after it a frequency later.
      expect(Date.parse(beaten.nextHeartbeat!)).toBe(Date.parse(saved.nextHeartbeat!) + MINUTE);
      expect((await scheduler())?.nextAt).toBe(Date.parse(beaten.nextHeartbeat!));
    });

    it('is a chat through the AI layer, billed to the agent', async () => {
      // Usage is written in batches after the reply: the earlier beats' rows may still be on their way.
      const [before] = await waitUntil('the earlier beats billed', async () => [await usageRows(), await answeredChats()], ([rows, chats]) => rows === chats);
      await beatNow();
      expect(await waitFor(usageRows, (rows) => rows > before)).toBe(before + 1);
    });

    it('runs a tick once with two replicas of the agents service, under one schedule', async () => {
      const replica = await startAgents(platform.env);
      try {
        const historyCount = async () => (await owner.client.get(`/api/agents/${agentId}/messages`)).body.count as number;
        const before = await historyCount();
        await beatNow();
        // A second run of the tick would add its prompt and reply within the chat's few milliseconds here.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(await historyCount()).toBe(before + 2);
        expect((await queues.schedulers(QUEUES.agentsHeartbeat)).filter((scheduler) => scheduler.id === agentId)).toHaveLength(1);
      } finally {
        await replica.close();
      }
    });
  });

  describe('a beat of a stopped agent', () => {
    let usageBefore: number;

    beforeAll(async () => {
      await save({ frequency: '1m' });
      expect((await owner.client.post(`/api/agents/${agentId}/stop`)).body).toMatchObject({ status: 'stopped' });
      usageBefore = await usageRows();
      await beatNow();
    });

    it('is a liveness check only: outcome skipped-not-running, with what the probe found', async () => {
      expect(await lastBeat()).toEqual({ last_beat_outcome: 'skipped-not-running', last_beat_detail: 'agent stopped, runtime stopped' });
    });

    it('costs no tokens: no usage is logged for it', async () => {
      // Usage batches are written within 50 ms here; a chat's would have landed well within a second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await usageRows()).toBe(usageBefore);
    });
  });

  describe('a restart of the agents service', () => {
    it('keeps every schedule as it was', async () => {
      await save({ frequency: '5m' });
      const before = await scheduler();
      await platform.restartService('agents');
      expect(await scheduler()).toEqual(before);
    });

    it('makes a schedule Redis lost again, due at the saved nextHeartbeat', async () => {
      const saved = await save({ frequency: '5m' });
      await queues.removeScheduler(QUEUES.agentsHeartbeat, agentId);
      await platform.restartService('agents');
      expect(await scheduler()).toEqual({ everyMs: 5 * MINUTE, nextAt: Date.parse(saved.nextHeartbeat!) });
    });

    it('beats once at once for a lost schedule whose nextHeartbeat has passed, then at the frequency', async () => {
      await save({ frequency: '5m' });
      await ownerQuery(platform.env, `UPDATE agents.heartbeat_settings SET next_heartbeat = now() - interval '1 hour' WHERE agent_id = $1`, [agentId]);
      await queues.removeScheduler(QUEUES.agentsHeartbeat, agentId);
      const restartedAt = Date.now();
      await platform.restartService('agents');
      const beaten = await waitUntil('the catch-up beat', heartbeat, (current) => Date.parse(current.lastHeartbeat!) >= restartedAt);
      expect(await scheduler()).toEqual({ everyMs: 5 * MINUTE, nextAt: Date.parse(beaten.nextHeartbeat!) });
      expect(Date.parse(beaten.nextHeartbeat!)).toBeGreaterThan(Date.now() + 4 * MINUTE);
    });
  });

  describe('deleting the agent', () => {
    it('removes its schedule', async () => {
      const doomed = (await platform.backend().post('/api/agents', { name: 'Doomed' }, { ...BEARER, 'x-user-id': owner.id })).body.id as string;
      await save({ frequency: '1m' }, doomed);
      expect(await scheduler(doomed)).toBeDefined();
      expect((await platform.backend().delete(`/api/agents/${doomed}`, undefined, BEARER)).status).toBe(200);
      expect(await scheduler(doomed)).toBeUndefined();
    });
  });
});
