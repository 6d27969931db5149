import type { ServiceDatabase } from '@platform/database';
import { CalendarConnectionEntity } from './calendar/calendar-connection.entity.js';
import { CalendarOAuthStateEntity } from './calendar/calendar-oauth-state.entity.js';
import { Calendar1764310000000 } from './migrations/1764310000000-calendar.js';
import { SchedulerTasks1764400000000 } from './migrations/1764400000000-scheduler-tasks.js';
import { TaskRunEntity } from './runs/task-run.entity.js';
import { ScheduledTaskEntity } from './tasks/scheduled-task.entity.js';

export const schedulerDatabase: ServiceDatabase = {
  schema: 'scheduler',
  entities: [ScheduledTaskEntity, TaskRunEntity, CalendarConnectionEntity, CalendarOAuthStateEntity],
  migrations: [Calendar1764310000000, SchedulerTasks1764400000000],
};
