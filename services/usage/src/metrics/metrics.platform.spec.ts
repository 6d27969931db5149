import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_MESSAGES as M, QUEUES, type RuntimeHealthBody } from '@platform/contracts';
import type { QueueFactory } from '@platform/queue';
import {
  BEARER, ownerQuery, queueProducer, recordedAgent, TEST_INTERNAL_API_KEY, TestClient, TestPlatform, usageEvent, waitFor, type TestUser,
} from '@platform/testing';
import { ContainerMetricsService } from '../../../watchdog/src/metrics/container-metrics.service.js';
import { changeString } from './metric-format.js';
import { calendarWindows, hourStart } from './metric-windows.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

/**
 * Extended-services 4.8 over HTTP, every figure from rows the test wrote: usage events through the
 * real queue and worker, container samples through the watchdog's real writer, agents through the
 * real route. What no route can make quickly is written as rows (statuses that need a runtime,
 * completed splits, bookings, subscriptions): the figures read those tables, whoever wrote them.
 */
describe('metrics (extended-services 4.8)', () => {
  let platform: TestPlatform;
  let producer: QueueFactory;
  let ann: TestUser;
  let bob: TestUser;
  let annKey: string;
  let runtime: Server;
  const now = new Date();
  const windows = calendarWindows(now);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const backend = (headers: Record<string, string> = BEARER) => new TestClient(platform.backendUrl, headers);
  const agents: Record<'running' | 'degraded' | 'failed' | 'pending' | 'stopped', string> = { running: '', degraded: '', failed: '', pending: '', stopped: '' };

  /** Calendar-dependent expectations counted from the fixture's own instants. */
  const inDay = (at: Date) => at >= windows.dayStart;
  const inWeek = (at: Date) => at >= windows.weekStart;
  const inMonth = (at: Date) => at >= windows.monthStart;
  const inLastMonth = (at: Date) => at >= windows.previousMonthStart && at < windows.monthStart;

  // ann's calls: three in the last second (one failed), then two days, twenty and forty days back.
  const annCalls = [
    { at: ago(1000), durationMs: 100, outcome: 'ok' as const },
    { at: ago(1000), durationMs: 300, outcome: 'ok' as const },
    { at: ago(1000), durationMs: 50, outcome: 'error' as const },
    { at: ago(2 * DAY), durationMs: 900, outcome: 'ok' as const },
    { at: ago(20 * DAY), durationMs: 900, outcome: 'ok' as const },
    { at: ago(40 * DAY), durationMs: 900, outcome: 'ok' as const },
  ];
  const counts = (calls: { at: Date }[]) => ({
    today: calls.filter((call) => inDay(call.at)).length,
    thisWeek: calls.filter((call) => inWeek(call.at)).length,
    thisMonth: calls.filter((call) => inMonth(call.at)).length,
  });

  async function createAgent(owner: TestUser, status: string, startedAt: Date | null = now): Promise<string> {
    const agentId = await recordedAgent(platform, owner, `${status} agent`);
    // Statuses that need a runtime are set by hand: booting runtimes is not what these figures test.
    await ownerQuery(platform.env, 'UPDATE agents.agents SET status = $2, started_at = $3 WHERE id = $1', [agentId, status, startedAt]);
    return agentId;
  }

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['usage', 'agents', 'watchdog', 'wallet', 'bus', 'skills'], env: { USAGE_BATCH_MAX_WAIT_MS: '50', AGENT_WORKSPACE_MEASURE_MS: '200' } });
    // The metrics need the watchdog's queries only: its checks would probe (and try to repair) the
    // agents whose statuses this test sets by hand.
    await platform.stopService('watchdog');
    await platform.startService('watchdog', { ROLES: 'api' });
    producer = queueProducer(platform.env);
    [ann, bob] = [await platform.newUser(), await platform.newUser()];
    annKey = (await ann.client.post('/api/keys', { name: 'metrics' })).body.key;

    agents.running = await createAgent(ann, 'running');
    agents.degraded = await createAgent(ann, 'degraded');
    agents.failed = await createAgent(ann, 'error');
    agents.pending = await createAgent(ann, 'pending', null);
    agents.stopped = await createAgent(ann, 'stopped');
    await createAgent(bob, 'running');
    // Installs as POST /api/skills stores them, at the times growth is counted from.
    const installed = [
      [agents.running, 'venue-finder', ago(MINUTE)], [agents.running, 'festival-finder', ago(MINUTE)],
      [agents.running, 'setlist-oracle', new Date(windows.previousMonthStart.getTime() + DAY)], [agents.stopped, 'dj-streaming', new Date(windows.previousMonthStart.getTime() - DAY)],
    ] as const;
    for (const [agentId, skillId, at] of installed) {
      await ownerQuery(platform.env, 'INSERT INTO agents.agent_skills (user_id, agent_id, skill_id, installed_at) VALUES ($1, $2, $3, $4)', [ann.id, agentId, skillId, at]);
    }

    for (const call of annCalls) {
      await producer.add(QUEUES.usageLog, usageEvent({
        userId: ann.id, agentId: agents.running, occurredAt: call.at.toISOString(), durationMs: call.durationMs, outcome: call.outcome,
        ...(call.outcome === 'error' ? { inputTokens: 0, outputTokens: 0 } : {}),
      }));
    }
    await producer.add(QUEUES.usageLog, usageEvent({ userId: bob.id, agentId: 'bob-agent', occurredAt: ago(1000).toISOString(), durationMs: 700 }));
    await waitFor(async () => (await ownerQuery(platform.env, 'SELECT count(*)::int AS n FROM usage.usage_logs'))[0]!.n, (n) => n === annCalls.length + 1);

    // Container samples through the watchdog's writer: two hours back, and just now (the latest readings).
    const samples = platform.provider('watchdog', ContainerMetricsService);
    const reading = (cpuPercent: number, memoryPercent: number, uptimeMs = 1000): RuntimeHealthBody =>
      ({ status: 'ok', agentId: '', cpuPercent, memoryBytes: memoryPercent * 10, memoryLimitBytes: 1000, uptimeMs });
    const twoHoursBack = new Date(hourStart(now).getTime() - 2 * HOUR + MINUTE);
    for (const [agentId, cpu, memory] of [[agents.running, 10, 10], [agents.running, 30, 30], [agents.degraded, 150, 50], [agents.degraded, 60, 70]] as const) {
      await samples.record(agentId, ann.id, twoHoursBack, reading(cpu, memory));
    }
    await samples.record(agents.running, ann.id, ago(1000), reading(20, 20, 60_000));
    await samples.record(agents.degraded, ann.id, ago(1000), reading(40, 40, 120_000));
    await samples.record(agents.running, ann.id, ago(3 * DAY), reading(80, 80));
  });

  afterAll(async () => {
    await producer?.onApplicationShutdown();
    await platform?.close();
    runtime?.close();
  });

  describe('GET /api/metrics', () => {
    it('answers the caller\'s own figures, computed from what the platform recorded', async () => {
      const response = await ann.client.get('/api/metrics');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ metrics: expect.any(Object), timestamp: expect.any(String), status: 'ok' });
      const { metrics } = response.body;
      expect(metrics.agents).toEqual({ total: 5, active: 2, inactive: 2, failed: 1 });
      expect(metrics.messages).toEqual(counts(annCalls));
      // Sent to provisioning: all but the pending one; successful: came up and not failed.
      expect(metrics.deployments).toEqual({ total: 4, successful: 3, failed: 1 });
      // The last day's three calls: two answered in 100 and 300 ms, one failed.
      expect(metrics.performance).toEqual({ averageResponseTime: 200, successRate: '66.67', errorRate: '33.33' });
      // Each live agent's newest sample of the last minutes: 60 s and 120 s up.
      expect(metrics.uptime).toEqual({ platformUptime: expect.any(Number), averageAgentUptime: 90 });
      expect(Number.isInteger(metrics.uptime.platformUptime)).toBe(true);
      expect(metrics.storage).toEqual({ used: expect.any(Number), total: 1024, percentUsed: expect.any(Number) });
    });

    it('counts a user\'s workspace files as their storage, as the agents worker measures them', async () => {
      const before = (await ann.client.get('/api/metrics')).body.metrics.storage.used;
      const written = await backend().post('/api/browse/write', { agentId: agents.running, path: 'big.bin', content: 'x'.repeat(MB / 2) });
      expect(written.status).toBe(200);

      const after = await waitFor(async () => (await ann.client.get('/api/metrics')).body.metrics.storage, (storage) => storage.used >= before + 0.5);

      expect(after.used).toBeGreaterThanOrEqual(before + 0.5);
      expect(after.percentUsed).toBeCloseTo((after.used * 100) / 1024, 1);
    });

    it('answers the same to the user\'s sk_ key', async () => {
      const response = await new TestClient(platform.webUrl, { authorization: `Bearer ${annKey}` }).get('/api/metrics');
      expect(response.status).toBe(200);
      expect(response.body.metrics.agents).toEqual({ total: 5, active: 2, inactive: 2, failed: 1 });
    });

    it('answers the platform\'s figures to the internal key, on the web and the backend', async () => {
      for (const client of [new TestClient(platform.webUrl, BEARER), backend()]) {
        const response = await client.get('/api/metrics');
        expect(response.status).toBe(200);
        const { metrics } = response.body;
        expect(metrics.agents).toEqual({ total: 6, active: 3, inactive: 2, failed: 1 });
        expect(metrics.messages).toEqual(counts([...annCalls, { at: ago(1000) }]));
        expect(metrics.performance).toEqual({ averageResponseTime: Math.round((100 + 300 + 700) / 3), successRate: '75.00', errorRate: '25.00' });
        // The database's size is part of the platform's storage, the volume holding workspaces its total.
        expect(metrics.storage.used).toBeGreaterThan(1);
        expect(metrics.storage.total).toBeGreaterThan(metrics.storage.used);
      }
    });

    it('answers 401 without credentials, 403 for a wrong bearer key', async () => {
      expect(await platform.web().get('/api/metrics')).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
      const wrong = { authorization: `Bearer ${TEST_INTERNAL_API_KEY}-not` };
      expect(await new TestClient(platform.webUrl, wrong).get('/api/metrics')).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
      expect(await backend(wrong).get('/api/metrics')).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    });
  });

  describe('GET /api/metrics/:userId/historical', () => {
    it('answers the last 24 hours by default: hourly container averages with each hour\'s calls, and their averages', async () => {
      const response = await backend().get(`/api/metrics/${ann.id}/historical`);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        userId: ann.id,
        timeRange: '24h',
        metrics: [
          // cpu 10, 30, 150 (held to 100) and 60; memory 10, 30, 50 and 70 percent of the limit.
          { timestamp: new Date(hourStart(now).getTime() - 2 * HOUR).toISOString(), cpu: 50, memory: 40, messages: 0, errors: 0 },
          { timestamp: hourStart(now).toISOString(), cpu: 30, memory: 30, messages: 3, errors: 1 },
        ],
        averages: { cpu: 40, memory: 35, messages: 1.5, errors: 0.5 },
      });
    });

    it('widens to 7 and 30 days', async () => {
      const week = await backend().get(`/api/metrics/${ann.id}/historical?range=7d`);
      expect(week.body.timeRange).toBe('7d');
      expect(week.body.metrics).toContainEqual({ timestamp: hourStart(ago(3 * DAY)).toISOString(), cpu: 80, memory: 80, messages: 0, errors: 0 });
      expect(week.body.metrics).toContainEqual({ timestamp: hourStart(ago(2 * DAY)).toISOString(), cpu: 0, memory: 0, messages: 1, errors: 0 });
      expect(week.body.metrics).toHaveLength(4);
      const month = await backend().get(`/api/metrics/${ann.id}/historical?range=30d`);
      expect(month.body.metrics).toHaveLength(5);
    });

    it('falls back to one live reading of the user\'s runtimes when no sample was taken', async () => {
      const carl = await platform.newUser();
      runtime = createServer((_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: 'ok', agentId: 'x', uptimeMs: 5000, cpuPercent: 12.5, memoryBytes: 250, memoryLimitBytes: 1000 }));
      });
      await new Promise<void>((resolve) => runtime.listen(0, '127.0.0.1', resolve));
      const agentId = await createAgent(carl, 'running');
      await ownerQuery(platform.env, 'UPDATE agents.agents SET runtime_url = $2 WHERE id = $1', [agentId, `http://127.0.0.1:${(runtime.address() as AddressInfo).port}`]);

      const historical = await backend().get(`/api/metrics/${carl.id}/historical`);
      const performance = await backend().get(`/api/metrics/${carl.id}/performance`);

      expect(historical.body.metrics).toEqual([{ timestamp: hourStart(new Date()).toISOString(), cpu: 12.5, memory: 25, messages: 0, errors: 0 }]);
      expect(historical.body.averages).toEqual({ cpu: 12.5, memory: 25, messages: 0, errors: 0 });
      expect(performance.body).toEqual({ cpu: 12.5, memory: 25, errorRate: '0.00', responseTime: 0 });
    });

    it('answers no points for a user with neither samples nor runtimes', async () => {
      const response = await backend().get(`/api/metrics/${randomUUID()}/historical`);
      expect(response.body).toMatchObject({ metrics: [], averages: { cpu: 0, memory: 0, messages: 0, errors: 0 } });
    });

    it('answers 400 for another range', async () => {
      expect(await backend().get(`/api/metrics/${ann.id}/historical?range=1y`)).toMatchObject({ status: 400, body: { error: M.invalidRange } });
    });
  });

  describe('GET /api/metrics/:userId/performance', () => {
    it('answers cpu and memory of the newest samples, and the last day\'s error rate and response time', async () => {
      const response = await backend().get(`/api/metrics/${ann.id}/performance`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ cpu: 30, memory: 30, errorRate: '33.33', responseTime: 200 });
    });
  });

  describe('GET /api/metrics/:userId/summary', () => {
    const fans = { old: randomUUID(), recent: randomUUID(), quiet: randomUUID(), elsewhere: randomUUID() };
    const fanSince = { old: ago(60 * DAY), recent: ago(DAY), quiet: ago(45 * DAY) };

    beforeAll(async () => {
      const split = (userId: string, units: number, status: string, at: Date) => ownerQuery(platform.env,
        `INSERT INTO wallet.splits (user_id, agent_id, from_address, name, total_amount, recipients, status, created_at, updated_at)
         VALUES ($1, $2, $3, 'tour', $4, '[]', $5, $6, $6)`, [userId, agents.running, `0x${'1'.repeat(40)}`, units, status, at]);
      await split(ann.id, 1_500_000, 'completed', ago(MINUTE));
      await split(ann.id, 2_250_000, 'completed', ago(MINUTE));
      await split(ann.id, 2_500_000, 'completed', new Date(windows.previousMonthStart.getTime() + DAY));
      await split(ann.id, 9_000_000, 'queued', ago(MINUTE));
      await split(bob.id, 7_000_000, 'completed', ago(MINUTE));
      // Tickets of ann's event, sold to bob (event-ticketing's rows); one of bob's own event is not ann's.
      await ownerQuery(platform.env, 'INSERT INTO skills.ticket_inventories (event_id, total_tickets, sold) VALUES (9001, 10, 3), (9002, 10, 1)');
      const ticket = (eventId: number, organizer: string, units: number, at: Date) => ownerQuery(platform.env,
        `INSERT INTO skills.tickets (event_id, user_id, organizer_user_id, email, tier, quantity, unit_price, total_price, purchased_at)
         VALUES ($1, $2, $3, 'bob@example.com', 'general', 1, $4, $4, $5)`, [eventId, bob.id, organizer, units, at]);
      await ticket(9001, ann.id, 2_000_000, ago(MINUTE));
      await ticket(9001, ann.id, 500_000, new Date(windows.previousMonthStart.getTime() + DAY));
      await ticket(9002, bob.id, 4_000_000, ago(MINUTE));

      const booking = (requester: string, provider: string, state: string) => ownerQuery(platform.env,
        `INSERT INTO bus.negotiations (booking_id, requester_agent_id, provider_agent_id, state, last_message_id) VALUES ($1, $2, $3, $4, 'm')`,
        [randomUUID(), requester, provider, state]);
      await booking(agents.running, 'venue-1', 'accepted');
      await booking('venue-2', agents.degraded, 'offered');
      await booking(agents.running, 'venue-3', 'declined');
      await booking(agents.stopped, 'venue-4', 'requested');
      await booking('venue-5', 'venue-6', 'accepted');

      const subscribe = (publisher: string, subscriber: string, at: Date) => ownerQuery(platform.env,
        'INSERT INTO bus.subscriptions (publisher_agent_id, subscriber_agent_id, user_id, created_at) VALUES ($1, $2, $3, $4)', [publisher, subscriber, bob.id, at]);
      await subscribe(agents.running, fans.old, fanSince.old);
      await subscribe(agents.degraded, fans.old, ago(DAY));
      await subscribe(agents.running, fans.recent, fanSince.recent);
      await subscribe(agents.degraded, fans.quiet, fanSince.quiet);
      await subscribe('venue-5', fans.elsewhere, ago(DAY));
      const message = (from: string, to: string, at: Date) => ownerQuery(platform.env,
        `INSERT INTO bus.messages (message_id, user_id, action, from_agent_id, to_agent_id, payload, signed_at, signature, accepted_at)
         VALUES ($1, $2, 'HELLO', $3, $4, '{}', 0, '0x', $5)`, [randomUUID(), bob.id, from, to, at]);
      await message(fans.old, agents.running, ago(2 * DAY));
      await message(fans.recent, agents.degraded, ago(HOUR));
      await message(fans.quiet, agents.running, ago(40 * DAY));
    });

    it('answers revenue, bookings, fans, streams and skills from the services that own them', async () => {
      const response = await backend().get(`/api/metrics/${ann.id}/summary`);

      expect(response.status).toBe(200);
      const since = Object.values(fanSince);
      expect(response.body).toEqual({
        // Splits: 1.50 + 2.25 completed this month, 2.50 last month; tickets: 2.00 this month, 0.50 last month.
        // The queued 9.00, bob's 7.00 split and his own event's 4.00 ticket are not ann's revenue.
        revenue: { month: '5.75', total: '8.75', change: '91.67' },
        // Accepted 1, in negotiation 2 (offered, requested), of 4 involving her agents.
        bookings: { completed: 1, pending: 2, conversion: '25.00' },
        // Three fans (one follows two agents); two messaged this month; one subscribed in the last 30 days.
        fans: {
          total: 3, active: 2, growth: changeString(since.filter(inMonth).length, since.filter(inLastMonth).length),
          segmentation: { superfans: 1, casual: 1, new: 1 },
        },
        streams: { monthlyListeners: 0, monthlyStreams: 0, growth: '0.00' },
        // Three on the running agent (two installed this month, one last month), one on the stopped one.
        skills: { active: 3, total: 4, growth: '100.00' },
      });
    });

    it('answers zeros for a user with nothing', async () => {
      const response = await backend().get(`/api/metrics/${randomUUID()}/summary`);
      expect(response.body).toEqual({
        revenue: { month: '0.00', total: '0.00', change: '0.00' },
        bookings: { completed: 0, pending: 0, conversion: '0.00' },
        fans: { total: 0, active: 0, growth: '0.00', segmentation: { superfans: 0, casual: 0, new: 0 } },
        streams: { monthlyListeners: 0, monthlyStreams: 0, growth: '0.00' },
        skills: { active: 0, total: 0, growth: '0.00' },
      });
    });
  });

  describe('the backend routes\' errors', () => {
    it.each(['historical', 'performance', 'summary'])('GET /api/metrics/:userId/%s answers 401 without the key, 403 for a wrong one', async (route) => {
      expect(await backend({}).get(`/api/metrics/${ann.id}/${route}`)).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
      expect(await backend({ authorization: 'Bearer wrong' }).get(`/api/metrics/${ann.id}/${route}`)).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    });

    /** The status and body only, each compared whole. */
    const answer = async (response: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await response;
      return { status, body };
    };

    it('answers the spec\'s 500 when a service holding figures does not answer', async () => {
      await platform.stopService('watchdog');
      try {
        expect(await answer(ann.client.get('/api/metrics'))).toEqual({ status: 500, body: { error: 'Failed to fetch metrics', metrics: {} } });
        for (const route of ['historical', 'performance']) {
          expect(await answer(backend().get(`/api/metrics/${ann.id}/${route}`))).toEqual({ status: 500, body: { error: 'Failed to fetch metrics' } });
        }
      } finally {
        await platform.startService('watchdog', { ROLES: 'api' });
      }
    });

    it('answers the summary\'s 500 when the bus, which holds its bookings and fans, does not answer', async () => {
      await platform.stopService('bus');
      try {
        expect(await answer(backend().get(`/api/metrics/${ann.id}/summary`))).toEqual({ status: 500, body: { error: 'Failed to fetch metrics' } });
      } finally {
        await platform.startService('bus');
      }
    });
  });
});
