import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import type { Job } from 'bullmq';
import type { SchedulerEnv } from '../scheduler.env.js';
import { SCHEDULER_ENV } from '../scheduler.tokens.js';
import { AgentsClient } from '../tasks/agents-client.js';
import { TaskRuns } from './task-runs.js';
import { TaskSchedules } from './task-schedules.js';
import { ScheduleReconciler } from './schedule-reconciler.js';

/** The tick a job scheduler's job is for: BullMQ names each `repeat:<schedulerId>:<tick in ms>`. */
export function tickOf(job: Pick<Job, 'id'>): Date {
  return new Date(Number(job.id?.slice(job.id.lastIndexOf(':') + 1)));
}

/**
 * Works `scheduler.run`: each job is one tick of one task. The prompt goes to the agent as its
 * owner; the run is recorded succeeded, failed or (agent not running) skipped. A job is tried once:
 * the next tick is the retry.
 */
@Injectable()
export class TaskRunWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(TaskRunWorker.name);

  constructor(
    private readonly queues: QueueFactory,
    private readonly runs: TaskRuns,
    private readonly schedules: TaskSchedules,
    private readonly agents: AgentsClient,
    private readonly reconciler: ScheduleReconciler,
    @Inject(SCHEDULER_ENV) private readonly env: SchedulerEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.env, 'worker')) return;
    await this.reconciler.scheduleMissing();
    this.queues.work(QUEUES.schedulerRun, (data, job) => this.run(data.taskId, tickOf(job)), { concurrency: this.env.SCHEDULER_RUN_CONCURRENCY });
  }

  async run(taskId: string, tick: Date): Promise<void> {
    const claimed = await this.runs.claim(taskId, tick);
    if (!claimed) {
      // A schedule whose task is gone (its create's transaction did not commit) ends at its first tick.
      if (!(await this.runs.taskExists(taskId))) await this.schedules.remove(taskId);
      return;
    }
    const startedAt = Date.now();
    const outcome = await this.agents.prompt(claimed.userId, claimed.agentId, claimed.prompt, claimed.runId);
    await this.runs.finish(claimed.runId, outcome, Date.now() - startedAt);
    if (outcome.status === 'failed') this.logger.warn({ msg: 'Scheduled task run failed', taskId, runId: claimed.runId, error: outcome.error });
  }
}
