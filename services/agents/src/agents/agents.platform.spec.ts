import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENT_MESSAGES as M, EVENTS, illegalTransition, QUEUES, RUNTIME_PATHS, SUBJECTS,
  type AgentStatusChangedEvent, type AgentStatusReply, type BusEndpointReply, type WatchTargetsReply,
} from '@platform/contracts';
import { EventBus, MessagingModule } from '@platform/messaging';
import { Queue } from 'bullmq';
import { BEARER, provisionRunning, subscribedUser, TestPlatform, waitFor, waitForStatus, type TestUser } from '@platform/testing';
import { natsRequest } from '../testing/nats-request.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Agents', () => {
  let platform: TestPlatform;
  let watcher: INestApplicationContext;
  const events: AgentStatusChangedEvent[] = [];

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'] });
    // Hears evt.agents.status_changed the way the watchdog does: a durable consumer of its own.
    watcher = await NestFactory.createApplicationContext(MessagingModule.forRoot({
      natsUrl: platform.env.NATS_URL!, prefix: platform.env.NATS_PREFIX!, serviceName: 'watchdog-test', requestTimeoutMs: 2000,
    }));
    await watcher.get(EventBus).consume(EVENTS.agents.statusChanged, async (event) => {
      events.push(event);
    });
  });

  afterAll(async () => {
    await watcher?.close();
    await platform?.close();
  });

  const backend = () => platform.backend();
  const runtimeUrlOf = async (agentId: string) =>
    (await natsRequest<WatchTargetsReply>(platform, SUBJECTS.agents.watchTargets, {})).agents.find((target) => target.agentId === agentId)?.runtimeUrl;
  /** The agent's statuses as its events told them, once there are `count` (or 5 s have passed). */
  const statusesOf = (agentId: string, count: number) => waitFor(
    async () => events.filter((event) => event.agentId === agentId).map((event) => event.status),
    (statuses) => statuses.length >= count,
    5000,
  );

  describe('backend CRUD (bearer)', () => {
    it('POST /api/agents creates a pending agent: 201 create result', async () => {
      const response = await backend().post('/api/agents', { name: 'Backend agent', config: { plan: 'solo', aiProvider: 'openai', tone: 'dry' } }, { ...BEARER, 'x-user-id': 'owner-1' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        name: 'Backend agent',
        agentId: response.body.id,
        status: 'pending',
        subdomain: expect.stringMatching(/^backend-agent-[0-9a-f]{8}$/),
        url: `https://${response.body.subdomain}.agents.localhost`,
        createdAt: expect.stringMatching(ISO_DATE),
      });
      expect((await backend().get(`/api/agents/${response.body.id}/config`, BEARER)).body)
        .toMatchObject({ plan: 'solo', aiProvider: 'openai', config: { plan: 'solo', aiProvider: 'openai', tone: 'dry' } });
    });

    it('POST /api/agents: 400 without name, 400 for an unknown plan, 401 without the key', async () => {
      expect(await backend().post('/api/agents', {}, BEARER)).toMatchObject({ status: 400, body: { error: M.nameRequired } });
      expect(await backend().post('/api/agents', { name: 'x', config: { plan: 'gold' } }, BEARER)).toMatchObject({ status: 400, body: { error: M.invalidPlan } });
      expect((await backend().post('/api/agents', { name: 'x' })).status).toBe(401);
    });

    it('GET /api/agents lists backend list items, filtered by x-user-id when given', async () => {
      const created = (await backend().post('/api/agents', { name: 'Listed' }, { ...BEARER, 'x-user-id': 'owner-list' })).body;
      const mine = await backend().get('/api/agents', { ...BEARER, 'x-user-id': 'owner-list' });
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([{ id: created.id, status: 'pending', created: created.createdAt, subdomain: created.subdomain, url: created.url }]);
      expect((await backend().get('/api/agents', BEARER)).body.length).toBeGreaterThan(1);
    });

    it('GET /api/agents/:id returns the agent detail; 404 for an unknown one', async () => {
      const created = (await backend().post('/api/agents', { name: 'Detail' }, BEARER)).body;
      const response = await backend().get(`/api/agents/${created.id}`, BEARER);
      expect(response.body).toEqual({
        id: created.id, status: 'pending', startedAt: null, plan: 'label', subdomain: created.subdomain, url: created.url,
        runtimeVersion: '0.1.0', verified: false, verificationType: null, attestationUid: null, verifiedAt: null,
      });
      expect(await backend().get('/api/agents/00000000-0000-4000-8000-000000000000', BEARER)).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
      expect((await backend().get('/api/agents/not-an-id', BEARER)).status).toBe(404);
    });

    it('PUT /api/agents/:id updates plan, provider and config', async () => {
      const created = (await backend().post('/api/agents', { name: 'Updatable' }, BEARER)).body;
      const response = await backend().put(`/api/agents/${created.id}`, { plan: 'network', aiProvider: 'openai', config: { a: 1 } }, BEARER);
      expect(response.body).toEqual({ id: created.id, plan: 'network', aiProvider: 'openai', subdomain: created.subdomain, status: 'pending', message: M.agentUpdated });
      expect((await backend().get(`/api/agents/${created.id}/config`, BEARER)).body.config).toEqual({ a: 1 });
      expect((await backend().put('/api/agents/00000000-0000-4000-8000-000000000000', { plan: 'solo' }, BEARER)).status).toBe(404);
      expect(await backend().put(`/api/agents/${created.id}`, { plan: 'gold' }, BEARER)).toMatchObject({ status: 400, body: { error: M.invalidPlan } });
    });

    it('DELETE /api/agents/:id deletes, and succeeds for an unknown agent', async () => {
      const created = (await backend().post('/api/agents', { name: 'Doomed' }, BEARER)).body;
      expect(await backend().delete(`/api/agents/${created.id}`, undefined, BEARER)).toMatchObject({ status: 200, body: { id: created.id, deleted: true } });
      expect((await backend().get(`/api/agents/${created.id}`, BEARER)).status).toBe(404);
      const unknown = '00000000-0000-4000-8000-000000000001';
      expect(await backend().delete(`/api/agents/${unknown}`, undefined, BEARER)).toMatchObject({ status: 200, body: { id: unknown, deleted: true } });
      expect(await backend().delete('/api/agents/not-a-uuid', undefined, BEARER)).toMatchObject({ status: 200, body: { id: 'not-a-uuid', deleted: true } });
      expect(await statusesOf(created.id, 2)).toEqual(['pending', 'deleted']);
    });
  });

  describe('web surface (session, owner only)', () => {
    let owner: TestUser;
    let stranger: TestUser;
    let agentId: string;

    beforeAll(async () => {
      owner = await subscribedUser(platform);
      stranger = await subscribedUser(platform);
      agentId = await provisionRunning(platform, owner, { name: 'Owned' });
    });

    it('GET /api/agents without a session is an empty list', async () => {
      expect(await platform.web().get('/api/agents')).toMatchObject({ status: 200, body: { agents: [], count: 0, status: 'ok' } });
    });

    it('GET /api/agents lists the caller\'s agents as web list items', async () => {
      const response = await owner.client.get('/api/agents');
      expect(response.body).toEqual({
        agents: [{
          id: agentId, name: 'Owned', model: 'claude-opus-4-6', status: 'running',
          websocketUrl: expect.stringMatching(/^wss:\/\//), createdAt: expect.stringMatching(ISO_DATE), updatedAt: expect.stringMatching(ISO_DATE),
        }],
        count: 1,
        status: 'ok',
      });
      expect((await stranger.client.get('/api/agents')).body.count).toBe(0);
    });

    it('GET /api/agents/:id is { agent, status: ok } for the owner, 404 for anyone else, 401 anonymous', async () => {
      expect((await owner.client.get(`/api/agents/${agentId}`)).body).toEqual({ agent: expect.objectContaining({ id: agentId, status: 'running' }), status: 'ok' });
      expect(await stranger.client.get(`/api/agents/${agentId}`)).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
      expect((await platform.web().get(`/api/agents/${agentId}`)).status).toBe(401);
    });

    it.each([
      ['POST', 'stop'], ['POST', 'restart'], ['POST', 'reset-memory'], ['GET', 'stats'], ['GET', 'messages'], ['GET', 'token'], ['GET', 'config'],
    ])('%s /api/agents/:id/%s is 404 for another user', async (method, action) => {
      const response = await stranger.client.request(method, `/api/agents/${agentId}/${action}`);
      expect(response).toMatchObject({ status: 404, body: { error: M.agentNotFound } });
    });

    it('GET /api/agents/:id/token gives the gateway token the runtime accepts', async () => {
      const { token } = (await owner.client.get(`/api/agents/${agentId}/token`)).body;
      const runtimeUrl = await runtimeUrlOf(agentId);
      expect((await fetch(`${runtimeUrl}${RUNTIME_PATHS.stats}`)).status).toBe(401);
      const stats = await fetch(`${runtimeUrl}${RUNTIME_PATHS.stats}`, { headers: { authorization: `Bearer ${token}` } });
      expect(stats.status).toBe(200);
      expect(await (await fetch(`${runtimeUrl}${RUNTIME_PATHS.healthz}`)).json()).toEqual({ ok: true, status: 'live' });
    });

    it('the runtime refuses a message body the API would refuse, with 400 and the same error', async () => {
      const { token } = (await owner.client.get(`/api/agents/${agentId}/token`)).body;
      const runtimeUrl = await runtimeUrlOf(agentId);
      const send = async (body: unknown) => {
        const response = await fetch(`${runtimeUrl}${RUNTIME_PATHS.messages}`, {
          method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await send({})).toEqual({ status: 400, body: { error: M.messageRequired } });
      expect(await send({ message: '   ' })).toEqual({ status: 400, body: { error: M.messageRequired } });
      expect(await send({ message: 'x'.repeat(16_001) })).toEqual({ status: 400, body: { error: 'message must be shorter than or equal to 16000 characters' } });
    });

    it('the runtime answers its probes without a token: /readyz ready, /health with its own readings', async () => {
      const runtimeUrl = await runtimeUrlOf(agentId);
      const ready = await fetch(`${runtimeUrl}${RUNTIME_PATHS.readyz}`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, failing: [], uptimeMs: expect.any(Number) });
      expect(await (await fetch(`${runtimeUrl}${RUNTIME_PATHS.health}`)).json()).toEqual({
        status: 'ok', agentId, version: '0.1.0', uptimeMs: expect.any(Number), cpuPercent: expect.any(Number),
        memoryBytes: expect.any(Number), memoryLimitBytes: 8 * 1024 ** 3,
      });
    });

    it('the runtime answers /readyz 503 naming memory while its memory store cannot be written', async () => {
      const runtimeUrl = await runtimeUrlOf(agentId);
      // The store is renamed over memory.json: a directory there means no write can land.
      const memoryFile = path.join(platform.env.AGENT_DATA_DIR!, agentId, 'memory.json');
      await rm(memoryFile, { force: true });
      await mkdir(memoryFile);
      try {
        const ready = await fetch(`${runtimeUrl}${RUNTIME_PATHS.readyz}`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ ready: false, failing: ['memory'], uptimeMs: expect.any(Number) });
      } finally {
        await rm(memoryFile, { recursive: true });
      }
      expect((await fetch(`${runtimeUrl}${RUNTIME_PATHS.readyz}`)).status).toBe(200);
    });

    it('PUT then GET /api/agents/:id/config', async () => {
      expect(await owner.client.put(`/api/agents/${agentId}/config`, { config: { systemPrompt: 'Hi' } })).toMatchObject({ status: 200, body: { success: true, config: { systemPrompt: 'Hi' } } });
      expect((await owner.client.get(`/api/agents/${agentId}/config`)).body.config).toEqual({ systemPrompt: 'Hi' });
      expect(await owner.client.put(`/api/agents/${agentId}/config`, { config: 'x' })).toMatchObject({ status: 400, body: { error: M.configObject } });
    });

    it('a message is refused with 503 while no AI layer answers, and counted', async () => {
      const response = await owner.client.post(`/api/agents/${agentId}/messages`, { message: 'Hello' });
      expect(response).toMatchObject({ status: 503, body: { error: 'AI layer unavailable' } });
      const stats = (await owner.client.get(`/api/agents/${agentId}/stats`)).body;
      expect(stats).toMatchObject({ agentId, status: 'running', live: true, messagesReceived: 1, messagesAnswered: 0, aiErrors: 1, toolCalls: 1 });
      expect((await owner.client.get(`/api/agents/${agentId}/messages`)).body).toEqual({ messages: [], count: 0 });
      expect(await owner.client.post(`/api/agents/${agentId}/reset-memory`)).toMatchObject({ status: 200, body: { success: true, cleared: 0 } });
    });

    it('reports the memory tool call of that turn as a usage.tools job', async () => {
      const queue = new Queue(QUEUES.usageTools, { connection: { url: platform.env.REDIS_URL }, prefix: `${platform.env.REDIS_PREFIX}bull` });
      try {
        const jobs = await queue.getJobs(['waiting']);
        expect(jobs.map((job) => job.data)).toContainEqual({
          eventId: expect.any(String), userId: owner.id, agentId, toolName: 'memory_recall', success: true,
          durationMs: expect.any(Number), occurredAt: expect.stringMatching(ISO_DATE),
        });
      } finally {
        await queue.close();
      }
    });
  });

  describe('lifecycle (state machine)', () => {
    let owner: TestUser;

    beforeAll(async () => {
      owner = await subscribedUser(platform, 'network');
    });

    it('stop -> stopped (runtime gone), start -> running, restart -> running, with an event for every transition', async () => {
      const agentId = await provisionRunning(platform, owner, { name: 'Cycled' });
      const runtimeUrl = await runtimeUrlOf(agentId);
      expect(await owner.client.post(`/api/agents/${agentId}/stop`)).toMatchObject({ status: 200, body: { success: true, status: 'stopped' } });
      await expect(fetch(`${runtimeUrl}${RUNTIME_PATHS.healthz}`)).rejects.toThrow();
      expect((await owner.client.get(`/api/agents/${agentId}/stats`)).body).toEqual({ agentId, status: 'stopped', live: false });

      expect(await owner.client.post(`/api/agents/${agentId}/start`)).toMatchObject({ status: 200, body: { status: 'provisioning' } });
      await waitForStatus(backend(), agentId, 'running');
      expect(await owner.client.post(`/api/agents/${agentId}/restart`)).toMatchObject({ status: 200, body: { status: 'restarting' } });
      await waitForStatus(backend(), agentId, 'running');
      expect(await owner.client.post(`/api/agents/${agentId}/update`)).toMatchObject({ status: 200, body: { status: 'updating' } });
      await waitForStatus(backend(), agentId, 'running');
      expect(await owner.client.post(`/api/agents/${agentId}/repair`)).toMatchObject({ status: 200, body: { status: 'repairing' } });
      await waitForStatus(backend(), agentId, 'running');

      expect(await statusesOf(agentId, 12)).toEqual([
        'provisioning', 'running', 'stopping', 'stopped', 'provisioning', 'running', 'restarting', 'running',
        'updating', 'running', 'repairing', 'running',
      ]);
      const running = events.filter((event) => event.agentId === agentId && event.status === 'running');
      expect(running.every((event) => event.runtimeUrl?.startsWith('http://127.0.0.1:'))).toBe(true);
      expect(events.find((event) => event.agentId === agentId && event.status === 'stopped')?.runtimeUrl).toBeUndefined();
    });

    it.each([
      ['stop', 'stopped'], ['restart', 'stopped'], ['update', 'stopped'], ['reset-memory', 'stopped'],
    ])('%s of a %s agent is 409', async (action, status) => {
      const agentId = await provisionRunning(platform, owner, { name: 'Stopped' });
      await owner.client.post(`/api/agents/${agentId}/stop`);
      const response = await owner.client.post(`/api/agents/${agentId}/${action}`);
      expect(response).toEqual(expect.objectContaining({ status: 409, body: { error: illegalTransition(action, status) } }));
    });

    it('start of a running agent is 409', async () => {
      // Another user, so another client IP: the owner above used up the 5 provisions a minute.
      const busy = await subscribedUser(platform, 'network');
      const agentId = await provisionRunning(platform, busy, { name: 'Busy' });
      expect(await busy.client.post(`/api/agents/${agentId}/start`)).toMatchObject({ status: 409, body: { error: illegalTransition('start', 'running') } });
    });

    it('POST /api/agents/:id/start deploys a pending agent created on the backend', async () => {
      const created = (await backend().post('/api/agents', { name: 'Late starter' }, BEARER)).body;
      expect((await backend().post(`/api/agents/${created.id}/start`, undefined, BEARER)).status).toBe(200);
      await waitForStatus(backend(), created.id, 'running');
    });
  });

  describe('watchdog requests (NATS)', () => {
    let agentId: string;

    beforeAll(async () => {
      agentId = await provisionRunning(platform, await subscribedUser(platform), { name: 'Watched' });
    });

    it('watch targets list running agents with their runtime URL', async () => {
      const reply = await natsRequest<WatchTargetsReply>(platform, SUBJECTS.agents.watchTargets, {});
      expect(reply.agents).toContainEqual({ agentId, userId: expect.any(String), status: 'running', runtimeUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    });

    it('bus endpoint answers where the bus delivers to the agent, with its gateway token, and null for no such agent', async () => {
      const token = (await backend().get(`/api/agents/${agentId}/token`, BEARER)).body.token;

      const reply = await natsRequest<BusEndpointReply>(platform, SUBJECTS.agents.busEndpoint, { agentId });
      const none = await natsRequest<BusEndpointReply>(platform, SUBJECTS.agents.busEndpoint, { agentId: randomUUID() });

      expect(reply).toEqual({ agentId, userId: expect.any(String), status: 'running', runtimeUrl: await runtimeUrlOf(agentId), gatewayToken: token });
      expect(token).toMatch(/^agt_/);
      expect(none).toBeNull();
    });

    it('a degraded report moves running -> degraded, a healthy one back', async () => {
      expect(await natsRequest<AgentStatusReply>(platform, SUBJECTS.agents.healthReport, { agentId, state: 'degraded', reason: 'readyz failing' }))
        .toEqual({ agentId, status: 'degraded' });
      expect((await backend().get(`/api/agents/${agentId}`, BEARER)).body.statusReason).toBe('readyz failing');
      expect(await natsRequest<AgentStatusReply>(platform, SUBJECTS.agents.healthReport, { agentId, state: 'healthy' })).toEqual({ agentId, status: 'running' });
    });

    it('a repair re-creates the runtime of a degraded agent: repairing -> running', async () => {
      await natsRequest(platform, SUBJECTS.agents.healthReport, { agentId, state: 'degraded' });
      expect(await natsRequest<AgentStatusReply>(platform, SUBJECTS.agents.watchdogRepair, { agentId, reason: 'liveness failed' })).toEqual({ agentId, status: 'repairing' });
      await waitForStatus(backend(), agentId, 'running');
    });

    it('a fail moves the agent to error with the reason and stops its runtime', async () => {
      const runtimeUrl = await runtimeUrlOf(agentId);
      expect(await natsRequest<AgentStatusReply>(platform, SUBJECTS.agents.watchdogFail, { agentId, reason: 'Crash loop: 3 restarts in 300 s' }))
        .toEqual({ agentId, status: 'error' });
      expect((await backend().get(`/api/agents/${agentId}`, BEARER)).body).toMatchObject({ status: 'error', statusReason: 'Crash loop: 3 restarts in 300 s' });
      await expect(fetch(`${runtimeUrl}${RUNTIME_PATHS.healthz}`)).rejects.toThrow();
      expect(await natsRequest<AgentStatusReply>(platform, SUBJECTS.agents.watchdogRepair, { agentId, reason: 'again' })).toEqual({ agentId, status: 'error' });
    });

    it('names answers the names of a user\'s agents', async () => {
      const created = (await backend().post('/api/agents', { name: 'Named' }, { ...BEARER, 'x-user-id': 'names-owner' })).body;
      expect(await natsRequest(platform, SUBJECTS.agents.names, { userId: 'names-owner', agentIds: [created.id, 'junk'] }))
        .toEqual({ names: { [created.id]: 'Named' } });
    });

    it('hosting status answers reachable, provisioning enabled, provider local', async () => {
      expect(await natsRequest(platform, SUBJECTS.agents.hostingStatus, {})).toEqual({ reachable: true, provisioningEnabled: true, provider: 'local' });
    });
  });
});
