import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { schedulerDatabase } from './database.js';
import { ScheduleReconciler } from './runs/schedule-reconciler.js';
import { TaskRunWorker } from './runs/task-run.worker.js';
import { TaskRuns } from './runs/task-runs.js';
import { TaskSchedules } from './runs/task-schedules.js';
import type { SchedulerEnv } from './scheduler.env.js';
import { SCHEDULER_ENV } from './scheduler.tokens.js';
import { AgentsClient } from './tasks/agents-client.js';
import { ScheduledTasksHandlers } from './tasks/scheduled-tasks.handlers.js';
import { ScheduledTasksService } from './tasks/scheduled-tasks.service.js';

export const SCHEDULER_SERVICE = 'scheduler';

@Module({})
export class SchedulerModule {
  static forRoot(env: SchedulerEnv): DynamicModule {
    return {
      module: SchedulerModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, schedulerDatabase),
        MessagingModule.forService(SCHEDULER_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [ScheduledTasksHandlers],
      providers: [
        { provide: SCHEDULER_ENV, useValue: env },
        AgentsClient,
        TaskSchedules,
        TaskRuns,
        ScheduledTasksService,
        ScheduleReconciler,
        TaskRunWorker,
      ],
    };
  }
}
