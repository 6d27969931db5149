import { CronExpressionParser } from 'cron-parser';
import { cronDoesNotParse, SCHEDULER_MESSAGES as M } from '@contracts/scheduler/scheduler-messages.js';
import type { Rule } from './validation.js';

/** The bounds of CreateScheduledTaskDto (libs/contracts/src/scheduler/scheduled-task.dtos.ts). */
export const TASK_NAME_MAX = 255;
export const TASK_PROMPT_MAX = 10_000;
export const CRON_MAX = 120;

/**
 * The scheduler's own check (services/scheduler/src/tasks/cron-schedule.ts): 5 or 6 fields, then the
 * same parser must find a next tick, so a pattern the API would refuse is named here with its words.
 */
export const cronRule: Rule = (value) => {
  if (value.length > CRON_MAX) return M.cronScheduleInvalid;
  const fields = value.trim().split(/\s+/).length;
  if (!value.trim() || (fields !== 5 && fields !== 6)) return M.cronFieldCount;
  try {
    CronExpressionParser.parse(value.trim(), { tz: 'UTC' }).next();
    return undefined;
  } catch (error) {
    return cronDoesNotParse(error instanceof Error ? error.message : String(error));
  }
};

export const taskRules = {
  name: (value: string) => (value.trim() && value.length <= TASK_NAME_MAX ? undefined : M.nameInvalid),
  cronSchedule: cronRule,
  prompt: (value: string) => (value.trim() && value.length <= TASK_PROMPT_MAX ? undefined : M.promptInvalid),
} satisfies Record<string, Rule>;
