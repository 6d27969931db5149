import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import { AgentChecks } from './agent-checks.service.js';

@Injectable()
export class CheckWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly queues: QueueFactory,
    private readonly checks: AgentChecks,
    @Inject(WATCHDOG_ENV) private readonly env: WatchdogEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.worker = this.queues.work(QUEUES.watchdogCheck, (job) => this.checks.check(job.agentId), this.env.WATCHDOG_CONCURRENCY);
  }

  /** Checks under way finish before the connections they use close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
