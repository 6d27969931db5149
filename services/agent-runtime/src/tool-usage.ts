import { randomUUID } from 'node:crypto';
import { QUEUES } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { BufferedJobProducer, QueueFactory } from '@platform/queue';
import type { RuntimeEnv } from './runtime.env.js';

/**
 * Runs the agent's tools and reports each call to the `usage.tools` queue (GET /api/usage/tools
 * reads them). Reporting never blocks or fails the tool call; a report Redis refuses is held and
 * offered again, under its event id, so a short outage loses none.
 */
export class ToolUsage {
  private readonly queues?: QueueFactory;
  private readonly producer?: BufferedJobProducer<typeof QUEUES.usageTools>;
  calls = 0;

  constructor(private readonly env: RuntimeEnv, logError: (line: string) => void) {
    if (!env.REDIS_URL) return;
    this.queues = new QueueFactory({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX });
    this.producer = new BufferedJobProducer(this.queues, QUEUES.usageTools, {
      capacity: env.TOOL_USAGE_BUFFER_SIZE,
      retryIntervalMs: env.TOOL_USAGE_RETRY_MS,
      failureLine: (message) => `Tool usage not recorded: ${message}`,
      // An agent runtime serves no ops port: its drops are in its log only.
      metrics: new ServiceMetrics(),
    }, { error: logError });
  }

  async use<T>(toolName: string, tool: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    let success = false;
    try {
      const result = await tool();
      success = true;
      return result;
    } finally {
      this.calls += 1;
      this.report(toolName, success, Math.round(performance.now() - started));
    }
  }

  async close(): Promise<void> {
    await this.producer?.close();
    await this.queues?.onApplicationShutdown();
  }

  private report(toolName: string, success: boolean, durationMs: number): void {
    const eventId = randomUUID();
    this.producer?.enqueue({
      eventId,
      userId: this.env.AGENT_USER_ID,
      agentId: this.env.AGENT_ID,
      toolName,
      success,
      durationMs,
      occurredAt: new Date().toISOString(),
    }, eventId);
  }
}
