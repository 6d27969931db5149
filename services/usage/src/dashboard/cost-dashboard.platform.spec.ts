import { jest } from '@jest/globals';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import { QUEUES, SUBJECTS, USAGE_MESSAGES, type AgentNamesRequest, type CostDashboard } from '@platform/contracts';
import { MessagingModule, NATS_CONNECTION } from '@platform/messaging';
import type { QueueFactory } from '@platform/queue';
import { waitFor, ownerQuery, queueProducer, TestPlatform, usageEvent, type TestUser } from '@platform/testing';
import { lastDays } from '../queries/day-range.js';
import { dayLabel, periodWindow } from './period-window.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('GET /api/dashboard/cost', () => {
  let platform: TestPlatform;
  let producer: QueueFactory;
  let agents: INestApplicationContext;
  let user: TestUser;
  const logged = jest.spyOn(Logger.prototype, 'log');
  const errors = jest.spyOn(Logger.prototype, 'error');

  /** Usage whose figures the tests below work out by hand (catalogue prices per million tokens). */
  const USAGE = [
    // claude-sonnet-4-5 $3 / $15: 10 000 * 3 + 2 000 * 15 = 60 000 micro-dollars
    { agentId: 'agent-alpha', model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic', inputTokens: 10_000, outputTokens: 2_000, ago: 0 },
    // gpt-4o-mini $0.15 / $0.60: 15 000 + 6 000 = 21 000
    { agentId: 'agent-beta', model: 'openai/gpt-4o-mini', provider: 'openai', inputTokens: 100_000, outputTokens: 10_000, ago: 0 },
    // claude-haiku-4-5 $1 / $5: 20 000 + 20 000 = 40 000
    { agentId: 'agent-beta', model: 'anthropic/claude-haiku-4-5', provider: 'anthropic', inputTokens: 20_000, outputTokens: 4_000, ago: 3 },
    // 150 + 600 = 750
    { agentId: 'demo-chat', model: 'openai/gpt-4o-mini', provider: 'openai', inputTokens: 1_000, outputTokens: 1_000, ago: 10 },
    // 3 000
    { agentId: 'agent-alpha', model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic', inputTokens: 1_000, outputTokens: 0, ago: 25 },
  ];

  const dashboard = async (client = user.client, query = '') => client.get<CostDashboard>(`/api/dashboard/cost${query}`);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['usage'], env: { USAGE_BATCH_MAX_WAIT_MS: '50', AGENT_NAMES_TIMEOUT_MS: '300' } });
    producer = queueProducer(platform.env);
    user = await platform.newUser();
    for (const { ago, ...usage } of USAGE) {
      await producer.add(QUEUES.usageLog, usageEvent({ ...usage, userId: user.id, occurredAt: daysAgo(ago).toISOString() }));
    }
    await waitFor(() => dashboard(user.client, '?period=30d'), (response) => response.body.summary?.totalCalls === USAGE.length);
    // Stands in for the agents service: the same messaging module on the same NATS prefix.
    agents = await NestFactory.createApplicationContext(MessagingModule.forRoot({
      natsUrl: platform.env.NATS_URL!, prefix: platform.env.NATS_PREFIX!, serviceName: 'agents-test', requestTimeoutMs: 2000,
    }));
  });

  afterAll(async () => {
    await agents?.close();
    await producer?.onApplicationShutdown();
    await platform?.close();
  });

  /** Stands in for the agents service's names handler with `reply`, or with silence when it is undefined. */
  async function answerNames(reply: ((packet: { id: string; data: AgentNamesRequest }) => object) | undefined, run: () => Promise<void>): Promise<void> {
    const nats = agents.get<NatsConnection>(NATS_CONNECTION);
    const subscription = nats.subscribe(`${platform.env.NATS_PREFIX}${SUBJECTS.agents.names}`, {
      callback: (_error, message) => {
        if (reply) message.respond(JSON.stringify(reply(message.json<{ id: string; data: AgentNamesRequest }>())));
      },
    });
    await nats.flush();
    try {
      await run();
    } finally {
      subscription.unsubscribe();
    }
  }

  it('returns 401 without a session', async () => {
    const response = await platform.web().get('/api/dashboard/cost');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized' });
  });

  it('returns 400 for a period other than 7d, 30d and mtd', async () => {
    for (const period of ['1y', '', '7D']) {
      const response = await dashboard(user.client, `?period=${period}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: USAGE_MESSAGES.invalidPeriod });
    }
  });

  it('defaults to 7d: every figure of 4.10 from the last seven days, agents and models by cost', async () => {
    const response = await dashboard();

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      period: '7d',
      summary: { totalCost: 0.121, totalTokens: 146_000, totalCalls: 3, avgCostPerCall: 0.040333 },
      agents: [
        // beta spent more on haiku (0.04) than on gpt-4o-mini (0.021): haiku is its model.
        { name: 'agent-beta', tokens: 134_000, cost: 0.061, calls: 2, avgCostPerCall: 0.0305, model: 'anthropic/claude-haiku-4-5' },
        { name: 'agent-alpha', tokens: 12_000, cost: 0.06, calls: 1, avgCostPerCall: 0.06, model: 'anthropic/claude-sonnet-4-5' },
      ],
      daily: lastDays(7, new Date()).days.map((day, index) => ({
        date: dayLabel(day),
        ...[{ cost: 0.04, tokens: 24_000 }, { cost: 0, tokens: 0 }, { cost: 0, tokens: 0 }, { cost: 0.081, tokens: 122_000 }][index - 3] ?? { cost: 0, tokens: 0 },
      })),
      modelBreakdown: [
        { model: 'anthropic/claude-sonnet-4-5', percent: 49.6, cost: 0.06 },
        { model: 'anthropic/claude-haiku-4-5', percent: 33.1, cost: 0.04 },
        { model: 'openai/gpt-4o-mini', percent: 17.4, cost: 0.021 },
      ],
      isMockData: false,
    });
    expect(response.body.daily.at(-1)!.date).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    expect(logged).toHaveBeenCalledWith('[Cost API] Found 3 usage logs');
  });

  it('covers thirty days for 30d', async () => {
    const { body } = await dashboard(user.client, '?period=30d');

    expect(body.period).toBe('30d');
    expect(body.summary).toEqual({ totalCost: 0.12475, totalTokens: 149_000, totalCalls: 5, avgCostPerCall: 0.02495 });
    expect(body.agents.map((agent) => [agent.name, agent.cost, agent.calls])).toEqual([
      ['agent-alpha', 0.063, 2], ['agent-beta', 0.061, 2], ['demo-chat', 0.00075, 1],
    ]);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.reduce((sum, day) => sum + day.tokens, 0)).toBe(149_000);
  });

  it('covers the 1st of this month (UTC) to today for mtd', async () => {
    const window = periodWindow('mtd', new Date());
    const inMonth = USAGE.filter((usage) => daysAgo(usage.ago).toISOString().slice(0, 10) >= window.from);

    const { body } = await dashboard(user.client, '?period=mtd');

    expect(body.period).toBe('mtd');
    expect(body.daily.map((day) => day.date)).toEqual(window.days.map(dayLabel));
    expect(body.daily[0]!.date).toMatch(/ 1$/);
    expect(body.summary.totalCalls).toBe(inMonth.length);
    expect(body.summary.totalTokens).toBe(inMonth.reduce((sum, usage) => sum + usage.inputTokens + usage.outputTokens, 0));
  });

  it('shows the names the agents service gives, and the id for agents it does not name', async () => {
    const asked: AgentNamesRequest[] = [];
    await answerNames(({ id, data }) => {
      asked.push(data);
      return { id, response: { names: { 'agent-alpha': 'Alpha' } }, isDisposed: true };
    }, async () => {
      const { body } = await dashboard();
      expect(body.agents.map((agent) => agent.name)).toEqual(['agent-beta', 'Alpha']);
      expect(asked).toEqual([{ userId: user.id, agentIds: expect.arrayContaining(['agent-alpha', 'agent-beta']) }]);
    });
  });

  it('shows ids when the agents service does not answer within AGENT_NAMES_TIMEOUT_MS', async () => {
    await answerNames(undefined, async () => {
      const started = Date.now();
      const response = await dashboard();

      expect(response.status).toBe(200);
      expect(response.body.agents.map((agent) => agent.name)).toEqual(['agent-beta', 'agent-alpha']);
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  it('shows ids, and warns, when the agents service answers with an error', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn');
    await answerNames(({ id }) => ({ id, err: { message: 'boom' }, isDisposed: true }), async () => {
      const response = await dashboard();

      expect(response.status).toBe(200);
      expect(response.body.agents.map((agent) => agent.name)).toEqual(['agent-beta', 'agent-alpha']);
      expect(warned).toHaveBeenCalledWith(expect.stringMatching(/^Agent names unavailable, showing ids: Remote error on .*boom/));
    });
  });

  it('shows sample data, marked as such, to a user without usage', async () => {
    const newcomer = await platform.newUser();
    logged.mockClear();

    const response = await dashboard(newcomer.client, '?period=30d');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ period: '30d', isMockData: true, message: USAGE_MESSAGES.sampleData });
    expect(response.body.daily).toHaveLength(30);
    expect(response.body.agents.length).toBeGreaterThan(0);
    expect(response.body.agents.every((agent) => agent.name.endsWith('(sample)'))).toBe(true);
    expect(response.body.summary.totalCost).toBeGreaterThan(0);
    expect(logged).toHaveBeenCalledWith('[Cost API] Found 0 usage logs');
  });

  it('shows real zeros, not sample data, for a period in which a user with earlier usage used nothing', async () => {
    const quiet = await platform.newUser();
    await producer.add(QUEUES.usageLog, usageEvent({ userId: quiet.id, occurredAt: daysAgo(10).toISOString() }));
    await waitFor(() => dashboard(quiet.client, '?period=30d'), (response) => response.body.summary?.totalCalls === 1);

    const response = await dashboard(quiet.client, '?period=7d');

    expect(response.body).toEqual({
      period: '7d',
      summary: { totalCost: 0, totalTokens: 0, totalCalls: 0, avgCostPerCall: 0 },
      agents: [],
      daily: lastDays(7, new Date()).days.map((day) => ({ date: dayLabel(day), cost: 0, tokens: 0 })),
      modelBreakdown: [],
      isMockData: false,
    });
  });

  it('never shows another user’s usage', async () => {
    const other = await platform.newUser();
    expect((await dashboard(other.client)).body.isMockData).toBe(true);
    expect((await dashboard()).body.isMockData).toBe(false);
  });

  it('falls back to sample data when the usage tables cannot be read, logging the database error', async () => {
    await ownerQuery(platform.env, 'ALTER TABLE usage.usage_daily RENAME TO usage_daily_away');
    try {
      const response = await dashboard();
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ isMockData: true, message: USAGE_MESSAGES.sampleData });
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^\[Cost API\] Prisma error: relation "usage\.usage_daily" does not exist$/));
    } finally {
      await ownerQuery(platform.env, 'ALTER TABLE usage.usage_daily_away RENAME TO usage_daily');
    }
  });
});
