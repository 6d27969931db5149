import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ApiError, SCHEDULER_MESSAGES as M, type TaskRunList } from '@platform/contracts';
import { LessThan } from 'typeorm';
import { Db } from '@platform/database';
import type { PromptOutcome } from '../tasks/agents-client.js';
import { ScheduledTaskEntity } from '../tasks/scheduled-task.entity.js';
import { TaskRunEntity } from './task-run.entity.js';

/** The newest runs of a task that GET .../runs lists. */
const RUNS_LISTED = 50;

/** A tick a scheduler took, with what it needs to prompt the agent. */
export interface ClaimedRun {
  runId: string;
  userId: string;
  agentId: string;
  prompt: string;
}

/** Runs of scheduled tasks: taken once per tick, finished with the agent's outcome, listed for the owner. */
@Injectable()
export class TaskRuns {
  constructor(private readonly db: Db) {}

  /**
   * One statement takes the tick and stamps the task's lastRun: nothing when the task is gone or
   * disabled, or when the tick was already taken (a redelivered job, the unique (task_id, scheduled_for)).
   */
  async claim(taskId: string, tick: Date): Promise<ClaimedRun | null> {
    const [rows] = await this.db.asSystem((manager): Promise<[ClaimedRun[], number]> => manager.query(
      `WITH run AS (
         INSERT INTO scheduler.task_runs (task_id, user_id, scheduled_for)
         SELECT id, user_id, $2 FROM scheduler.scheduled_tasks WHERE id = $1 AND enabled
         ON CONFLICT (task_id, scheduled_for) DO NOTHING
         RETURNING id, task_id, started_at)
       UPDATE scheduler.scheduled_tasks task SET last_run = run.started_at FROM run WHERE task.id = run.task_id
       RETURNING run.id AS "runId", task.user_id AS "userId", task.agent_id AS "agentId", task.prompt`,
      [taskId, tick],
    ));
    return rows[0] ?? null;
  }

  async finish(runId: string, outcome: PromptOutcome, durationMs: number): Promise<void> {
    await this.db.asSystem((manager) => manager.update(TaskRunEntity, { id: runId }, { status: outcome.status, error: outcome.error, durationMs }));
  }

  /**
   * Runs left `running` by a scheduler that stopped mid-run (killed, crashed) fail with why: a run
   * still in hand somewhere started later than `startedBefore`. How many there were.
   */
  async failAbandoned(startedBefore: Date): Promise<number> {
    const result = await this.db.asSystem((manager) => manager.update(
      TaskRunEntity, { status: 'running', startedAt: LessThan(startedBefore) }, { status: 'failed', error: M.runAbandoned },
    ));
    return result.affected ?? 0;
  }

  async taskExists(taskId: string): Promise<boolean> {
    return this.db.asSystem((manager) => manager.existsBy(ScheduledTaskEntity, { id: taskId }));
  }

  /** The caller's task's newest runs first; 404 for a task that is not theirs. */
  async list(userId: string, taskId: string): Promise<TaskRunList> {
    const runs = await this.db.withUser(userId, async (manager) => {
      if (!isUUID(taskId) || !(await manager.existsBy(ScheduledTaskEntity, { id: taskId }))) throw new ApiError(404, M.taskNotFound);
      return manager.find(TaskRunEntity, { where: { taskId }, order: { startedAt: 'DESC' }, take: RUNS_LISTED });
    });
    return {
      runs: runs.map((run) => ({
        id: run.id, taskId: run.taskId, scheduledFor: run.scheduledFor.toISOString(), status: run.status,
        startedAt: run.startedAt.toISOString(), durationMs: run.durationMs, error: run.error,
      })),
      count: runs.length,
    };
  }
}
