import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { CalendarConnect } from './calendar/calendar-connect.service.js';
import { CalendarConnections } from './calendar/calendar-connections.js';
import { CalendarEvents } from './calendar/calendar-events.service.js';
import { CalendarOAuthStates } from './calendar/calendar-oauth-states.js';
import { CalendarProvider } from './calendar/calendar-provider.js';
import { CalendarQueriesHandlers } from './calendar/calendar-queries.handlers.js';
import { CalendarRoutes } from './calendar/calendar-routes.service.js';
import { CalendarSessions } from './calendar/calendar-sessions.js';
import { CalendarHandlers } from './calendar/calendar.handlers.js';
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
      controllers: [ScheduledTasksHandlers, CalendarHandlers, CalendarQueriesHandlers],
      providers: [
        { provide: SCHEDULER_ENV, useValue: env },
        AgentsClient,
        TaskSchedules,
        TaskRuns,
        ScheduledTasksService,
        ScheduleReconciler,
        TaskRunWorker,
        CalendarProvider,
        CalendarConnections,
        CalendarOAuthStates,
        CalendarSessions,
        CalendarConnect,
        CalendarEvents,
        CalendarRoutes,
      ],
    };
  }
}
