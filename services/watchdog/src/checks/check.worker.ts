import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import { AgentChecks } from './agent-checks.service.js';

@Injectable()
export class CheckWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queues: QueueFactory,
    private readonly checks: AgentChecks,
    @Inject(WATCHDOG_ENV) private readonly env: WatchdogEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.watchdogCheck, (job) => this.checks.check(job.agentId), { concurrency: this.env.WATCHDOG_CONCURRENCY });
  }
}
