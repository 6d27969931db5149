import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QUEUES, usageLogFailedLine, type BilledTo, type CallOutcome } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { BufferedJobProducer, QueueFactory } from '@platform/queue';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';

export interface UsageFact {
  userId: string;
  agentId: string;
  model: string;
  provider: string;
  inputTokens: number;
  outputTokens: number;
  endpoint: string;
  /** Absent: the platform's key served it. */
  billedTo?: BilledTo;
  /** The user API key the call was made with, if one was. */
  apiKeyId?: string;
  /** From admission to the answer. */
  durationMs?: number;
  /** Absent: answered. */
  outcome?: CallOutcome;
}

/** Usage events for the usage service's `usage.log` worker; the reply never waits for them. */
@Injectable()
export class UsageRecorder implements OnApplicationShutdown {
  private readonly producer: BufferedJobProducer<typeof QUEUES.usageLog>;

  constructor(queues: QueueFactory, @Inject(AI_GATEWAY_ENV) env: AiGatewayEnv, metrics: ServiceMetrics) {
    this.producer = new BufferedJobProducer(queues, QUEUES.usageLog, {
      capacity: env.USAGE_BUFFER_SIZE,
      retryIntervalMs: env.USAGE_RETRY_MS,
      failureLine: usageLogFailedLine,
      metrics,
    });
  }

  record(fact: UsageFact): void {
    const eventId = randomUUID();
    this.producer.enqueue({ eventId, ...fact, occurredAt: new Date().toISOString() }, eventId);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close();
  }
}
