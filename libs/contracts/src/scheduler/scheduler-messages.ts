/** Texts of the scheduled-task routes (extended-services 4.5), worded once so tests and handlers agree. */
export const SCHEDULER_MESSAGES = {
  taskIdRequired: 'taskId is required',
  nameInvalid: 'name must be text of 1 to 255 characters',
  descriptionInvalid: 'description must be text of at most 2000 characters, or null',
  cronScheduleInvalid: 'cronSchedule must be text of at most 120 characters',
  promptInvalid: 'prompt must be text of 1 to 10000 characters',
  agentIdInvalid: 'agentId must be an agent id',
  enabledInvalid: 'enabled must be true or false',
  timezoneInvalid: 'timezone must be an IANA time zone such as Europe/London',
  cronFieldCount: 'cronSchedule must have 5 fields (minute hour day month weekday) or 6 (seconds first)',
  agentNotFound: 'Agent not found',
  taskNotFound: 'Task not found',
  taskLimitReached: 'Scheduled task limit reached for your plan',
  /** A run's error when its scheduler stopped (killed, crashed) before the agent answered. */
  runAbandoned: 'The scheduler stopped before the agent answered',
} as const;

/** 400 body naming every required field the request lacks (4.5: "400 missing fields"). */
export function missingFields(fields: readonly string[]): string {
  return `Missing required fields: ${fields.join(', ')}`;
}

/** 400 body for a 5 or 6 field schedule the cron parser refuses, with its reason. */
export function cronDoesNotParse(reason: string): string {
  return `cronSchedule does not parse: ${reason}`;
}
