import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { EntityManager } from 'typeorm';
import {
  ApiError, SCHEDULED_TASKS_PER_PLAN, SCHEDULER_MESSAGES as M, type AuthContext, type CreateScheduledTaskDto, type DeletedScheduledTask,
  type ScheduledTaskList, type ScheduledTaskView, type UpdateScheduledTaskDto,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { TaskSchedules } from '../runs/task-schedules.js';
import { AgentsClient } from './agents-client.js';
import { canonicalTimeZone, cronProblem } from './cron-schedule.js';
import { ScheduledTaskEntity } from './scheduled-task.entity.js';
import { taskView } from './task-view.js';

const DEFAULT_TIME_ZONE = 'UTC';

/** The zone's canonical name, or 400; then the cron read in it, or 400. */
function checkedSchedule(cronSchedule: string, zone: string): string {
  const timezone = canonicalTimeZone(zone);
  if (!timezone) throw new ApiError(400, M.timezoneInvalid);
  const problem = cronProblem(cronSchedule, timezone);
  if (problem) throw new ApiError(400, problem);
  return timezone;
}

/**
 * Scheduled tasks (extended-services 4.5) under the caller's row-level scope. A task's BullMQ
 * schedule changes inside the transaction that changes its row, under the row's lock, so two writes
 * to one task cannot leave its schedule out of step with it, and a schedule Redis refuses undoes the write.
 */
@Injectable()
export class ScheduledTasksService {
  constructor(private readonly db: Db, private readonly agents: AgentsClient, private readonly schedules: TaskSchedules) {}

  async list(userId: string, agentId?: string): Promise<ScheduledTaskList> {
    const tasks = await this.db.withUser(userId, (manager) =>
      manager.find(ScheduledTaskEntity, { where: { userId, ...(agentId ? { agentId } : {}) }, order: { createdAt: 'DESC', id: 'DESC' } }));
    const now = new Date();
    return { tasks: tasks.map((task) => taskView(task, now)), count: tasks.length };
  }

  /** 400 schedule, 404 agent, 429 past the plan's cap (counted under a per-user lock: concurrent creates at the cap make one). */
  async create(caller: AuthContext, dto: CreateScheduledTaskDto): Promise<ScheduledTaskView> {
    const timezone = checkedSchedule(dto.cronSchedule, dto.timezone ?? DEFAULT_TIME_ZONE);
    if (!(await this.agents.owns(caller, dto.agentId))) throw new ApiError(404, M.agentNotFound);
    const limit = SCHEDULED_TASKS_PER_PLAN[caller.plan];
    const task = await this.db.withUser(caller.userId, async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`scheduler.tasks:${caller.userId}`]);
      const current = await manager.countBy(ScheduledTaskEntity, { userId: caller.userId });
      if (current >= limit) throw new ApiError(429, M.taskLimitReached, { current, limit });
      const saved = await manager.save(manager.create(ScheduledTaskEntity, {
        userId: caller.userId, agentId: dto.agentId, name: dto.name.trim(), description: dto.description ?? null,
        cronSchedule: dto.cronSchedule.trim(), timezone, prompt: dto.prompt, enabled: dto.enabled ?? true, lastRun: null,
      }));
      await this.schedules.apply(saved);
      return saved;
    });
    return taskView(task);
  }

  /** Enabling, disabling, or a new cron or zone reschedules; other fields leave the schedule as it is. */
  async update(userId: string, dto: UpdateScheduledTaskDto): Promise<ScheduledTaskView> {
    const task = await this.db.withUser(userId, async (manager) => {
      const current = await this.locked(manager, dto.taskId);
      const cronSchedule = dto.cronSchedule?.trim() ?? current.cronSchedule;
      const timezone = dto.cronSchedule !== undefined || dto.timezone !== undefined
        ? checkedSchedule(cronSchedule, dto.timezone ?? current.timezone)
        : current.timezone;
      const rescheduled = cronSchedule !== current.cronSchedule || timezone !== current.timezone || (dto.enabled ?? current.enabled) !== current.enabled;
      const saved = await manager.save(Object.assign(current, {
        name: dto.name?.trim() ?? current.name,
        description: dto.description === undefined ? current.description : dto.description,
        prompt: dto.prompt ?? current.prompt,
        enabled: dto.enabled ?? current.enabled,
        cronSchedule,
        timezone,
      }));
      if (rescheduled) await this.schedules.apply(saved);
      return saved;
    });
    return taskView(task);
  }

  async delete(userId: string, taskId: string): Promise<DeletedScheduledTask> {
    await this.db.withUser(userId, async (manager) => {
      await manager.remove(await this.locked(manager, taskId));
      await this.schedules.remove(taskId);
    });
    return { success: true, taskId };
  }

  /** The caller's task, locked for the rest of the transaction; 404 for none (or another user's: RLS hides it). */
  private async locked(manager: EntityManager, taskId: string): Promise<ScheduledTaskEntity> {
    const task = isUUID(taskId) ? await manager.findOne(ScheduledTaskEntity, { where: { id: taskId }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!task) throw new ApiError(404, M.taskNotFound);
    return task;
  }
}
