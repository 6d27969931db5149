import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
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
      controllers: [],
      providers: [{ provide: SCHEDULER_ENV, useValue: env }],
    };
  }
}
