import { randomUUID } from 'node:crypto';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import type { RuntimeEnv } from './runtime.env.js';

/**
 * Runs the agent's tools and reports each call to the `usage.tools` queue (GET /api/usage/tools
 * reads them). Reporting never blocks or fails the tool call.
 */
export class ToolUsage {
  private readonly queues?: QueueFactory;
  calls = 0;

  constructor(private readonly env: RuntimeEnv, private readonly onError: (error: unknown) => void) {
    if (env.REDIS_URL) this.queues = new QueueFactory({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX });
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
    await this.queues?.onApplicationShutdown();
  }

  private report(toolName: string, success: boolean, durationMs: number): void {
    this.queues?.add(QUEUES.usageTools, {
      eventId: randomUUID(),
      userId: this.env.AGENT_USER_ID,
      agentId: this.env.AGENT_ID,
      toolName,
      success,
      durationMs,
      occurredAt: new Date().toISOString(),
    }).catch(this.onError);
  }
}
