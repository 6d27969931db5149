import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EnvSource } from '@platform/config';
import type { ToolUsageJob, UsageEventJob } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';

/** A valid `usage.log` job; tests override what they look at. */
export const usageEvent = (overrides: Partial<UsageEventJob> = {}): UsageEventJob => ({
  eventId: randomUUID(),
  userId: 'user-1',
  agentId: 'agent-1',
  model: 'openai/gpt-4o-mini',
  provider: 'openai',
  inputTokens: 100,
  outputTokens: 50,
  endpoint: '/api/ai/chat',
  occurredAt: new Date().toISOString(),
  ...overrides,
});

/** A valid `usage.tools` job. */
export const toolCall = (overrides: Partial<ToolUsageJob> = {}): ToolUsageJob => ({
  eventId: randomUUID(),
  userId: 'user-1',
  agentId: 'agent-1',
  toolName: 'web_search',
  success: true,
  durationMs: 120,
  occurredAt: new Date().toISOString(),
  ...overrides,
});

/** Enqueues on the platform's real queues, as a producing service would; close with onApplicationShutdown(). */
export function queueProducer(env: EnvSource): QueueFactory {
  return new QueueFactory({ redisUrl: env.REDIS_URL!, prefix: env.REDIS_PREFIX! });
}

/** A query as the database's owner, past row-level security: for asserting what was stored. */
export async function ownerQuery<T = Record<string, unknown>>(env: EnvSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
