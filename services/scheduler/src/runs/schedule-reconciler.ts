import { Injectable, Logger } from '@nestjs/common';
import { In } from 'typeorm';
import { Db } from '@platform/database';
import { ScheduledTaskEntity } from '../tasks/scheduled-task.entity.js';
import { TaskSchedules } from './task-schedules.js';

/** Tasks whose schedules one transaction writes, under their rows' locks. */
const BATCH = 500;

/**
 * At boot, every enabled task without a job scheduler gets one (Redis lost it, or the rows were
 * written by hand). A schedule already in Redis is left alone: its pending tick, even one overdue
 * while no scheduler ran, stays the one tick it is, so a restart adds no run.
 */
@Injectable()
export class ScheduleReconciler {
  private readonly logger = new Logger(ScheduleReconciler.name);

  constructor(private readonly db: Db, private readonly schedules: TaskSchedules) {}

  async scheduleMissing(): Promise<number> {
    const scheduled = await this.schedules.scheduledIds();
    const enabled = await this.db.asSystem((manager) => manager.find(ScheduledTaskEntity, { select: { id: true }, where: { enabled: true } }));
    const missing = enabled.map((task) => task.id).filter((id) => !scheduled.has(id));
    for (let start = 0; start < missing.length; start += BATCH) {
      // Read again under the lock: a task disabled since the list above keeps no schedule.
      await this.db.asSystem(async (manager) => {
        const tasks = await manager.find(ScheduledTaskEntity, { where: { id: In(missing.slice(start, start + BATCH)), enabled: true }, lock: { mode: 'pessimistic_write' } });
        await Promise.all(tasks.map((task) => this.schedules.apply(task)));
      });
    }
    if (missing.length) this.logger.log({ msg: 'Scheduled enabled tasks that had no job scheduler', tasks: missing.length });
    return missing.length;
  }
}
