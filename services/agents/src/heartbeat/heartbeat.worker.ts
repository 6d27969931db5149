import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HeartbeatBeats } from './heartbeat-beats.service.js';
import { HeartbeatReconciler } from './heartbeat-reconciler.js';

/** The `agents.heartbeat` worker; its boot makes sure every enabled heartbeat is scheduled. */
@Injectable()
export class HeartbeatWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('Heartbeat');

  constructor(
    private readonly queues: QueueFactory,
    private readonly beats: HeartbeatBeats,
    private readonly reconciler: HeartbeatReconciler,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.env, 'worker')) return;
    this.queues.work(QUEUES.agentsHeartbeat, (job) => this.beats.beat(job.agentId), { concurrency: this.env.HEARTBEAT_CONCURRENCY });
    // A boot while Redis or the database is away keeps the schedules Redis has; the next boot makes the rest.
    await this.reconciler.reconcile().catch((error: unknown) => this.logger.error(`Heartbeat schedules not reconciled: ${String(error)}`));
  }
}
