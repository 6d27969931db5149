import type { ServiceDatabase } from '@platform/database';
import { SchedulerTasks1764400000000 } from './migrations/1764400000000-scheduler-tasks.js';
import { TaskRunEntity } from './runs/task-run.entity.js';
import { ScheduledTaskEntity } from './tasks/scheduled-task.entity.js';

export const schedulerDatabase: ServiceDatabase = {
  schema: 'scheduler',
  entities: [ScheduledTaskEntity, TaskRunEntity],
  migrations: [SchedulerTasks1764400000000],
};
