import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
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

/** Past the message timeout by this much, a run nobody finished was abandoned: the finish write has had its time too. */
const ABANDONED_AFTER_MARGIN_MS = 60_000;
/** How often each worker looks for abandoned runs (and once at boot). */
const ABANDONED_SWEEP_MS = 60_000;

/**
 * Works `scheduler.run`: each job is one tick of one task. The prompt goes to the agent as its
 * owner; the run is recorded succeeded, failed or (agent not running) skipped. A job is tried once:
 * the next tick is the retry.
 */
@Injectable()
export class TaskRunWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TaskRunWorker.name);
  private sweep?: NodeJS.Timeout;

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
    await this.failAbandoned();
    this.sweep = setInterval(() => void this.failAbandoned(), ABANDONED_SWEEP_MS).unref();
    this.queues.work(QUEUES.schedulerRun, (data, job) => this.run(data.taskId, tickOf(job)), { concurrency: this.env.SCHEDULER_RUN_CONCURRENCY });
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweep);
  }

  /** A run its scheduler left `running` (killed mid-run) is failed, so the owner sees why it never finished. */
  async failAbandoned(): Promise<void> {
    const startedBefore = new Date(Date.now() - this.env.SCHEDULER_MESSAGE_TIMEOUT_MS - ABANDONED_AFTER_MARGIN_MS);
    const failed = await this.runs.failAbandoned(startedBefore).catch((error: unknown) => {
      this.logger.warn({ msg: 'Abandoned runs not swept', cause: error instanceof Error ? error.message : String(error) });
      return 0;
    });
    if (failed) this.logger.warn({ msg: 'Failed runs a stopped scheduler left running', count: failed });
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
