import type { ScheduledTaskView } from '@platform/contracts';
import { nextTick } from './cron-schedule.js';
import type { ScheduledTaskEntity } from './scheduled-task.entity.js';

/** nextRun is read off the cron when asked, so it is current whether or not a run has happened since. */
export function taskView(task: ScheduledTaskEntity, now = new Date()): ScheduledTaskView {
  return {
    id: task.id,
    name: task.name,
    description: task.description,
    cronSchedule: task.cronSchedule,
    prompt: task.prompt,
    enabled: task.enabled,
    lastRun: task.lastRun?.toISOString() ?? null,
    nextRun: task.enabled ? nextTick(task.cronSchedule, task.timezone, now)?.toISOString() ?? null : null,
    agentId: task.agentId,
    timezone: task.timezone,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}
