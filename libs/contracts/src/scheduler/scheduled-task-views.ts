/** The Scheduled task resource (extended-services 2), with our `timezone`. */
export interface ScheduledTaskView {
  id: string;
  name: string;
  description: string | null;
  cronSchedule: string;
  prompt: string;
  enabled: boolean;
  lastRun: string | null;
  nextRun: string | null;
  agentId: string;
  timezone: string;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduledTaskList {
  tasks: ScheduledTaskView[];
  count: number;
}

export interface DeletedScheduledTask {
  success: true;
  taskId: string;
}

/**
 * running: taken by a scheduler, the prompt on its way; succeeded / failed: the agent's answer or
 * its error; skipped: the agent was not running at the tick.
 */
export type TaskRunStatus = 'running' | 'succeeded' | 'failed' | 'skipped';

/** One run of a task (ours: GET /api/scheduled-tasks/:taskId/runs). */
export interface TaskRunView {
  id: string;
  taskId: string;
  /** The cron tick the run belongs to. */
  scheduledFor: string;
  status: TaskRunStatus;
  startedAt: string;
  durationMs: number | null;
  error: string | null;
}

export interface TaskRunList {
  runs: TaskRunView[];
  count: number;
}
