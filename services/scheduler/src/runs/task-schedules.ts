import { Injectable } from '@nestjs/common';
import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import type { ScheduledTaskEntity } from '../tasks/scheduled-task.entity.js';

export type ScheduleOf = Pick<ScheduledTaskEntity, 'id' | 'cronSchedule' | 'timezone' | 'enabled'>;

/**
 * Each enabled task is one BullMQ job scheduler on `scheduler.run`, keyed by the task's id: BullMQ
 * keeps one delayed job per scheduler and gives each tick one job id, so however many scheduler
 * processes work the queue, a tick is one job.
 */
@Injectable()
export class TaskSchedules {
  constructor(private readonly queues: QueueFactory) {}

  /** Upserting an unchanged schedule replaces its pending tick with the same one: callers need not check first. */
  async apply(task: ScheduleOf): Promise<void> {
    if (!task.enabled) return this.remove(task.id);
    await this.queues.upsertCronScheduler(QUEUES.schedulerRun, task.id, { pattern: task.cronSchedule, tz: task.timezone }, { taskId: task.id });
  }

  async remove(taskId: string): Promise<void> {
    await this.queues.removeScheduler(QUEUES.schedulerRun, taskId);
  }

  async scheduledIds(): Promise<Set<string>> {
    return new Set((await this.queues.schedulers(QUEUES.schedulerRun)).map((scheduler) => scheduler.id));
  }
}
