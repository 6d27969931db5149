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
import type { SchedulerEnv } from './scheduler.env.js';
import { SCHEDULER_ENV } from './scheduler.tokens.js';

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
      controllers: [CalendarHandlers, CalendarQueriesHandlers],
      providers: [
        { provide: SCHEDULER_ENV, useValue: env },
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
