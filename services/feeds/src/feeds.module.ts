import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { ColonyHandlers } from './colony/colony.handlers.js';
import { ColonyService } from './colony/colony.service.js';
import { DatafeedsHandlers } from './datafeeds/datafeeds.handlers.js';
import { DatafeedsService } from './datafeeds/datafeeds.service.js';
import { FeedPayments } from './datafeeds/feed-payments.js';
import { feedsDatabase } from './database.js';
import type { FeedsEnv } from './feeds.env.js';
import { FEEDS_ENV } from './feeds.tokens.js';

export const FEEDS_SERVICE = 'feeds';

@Module({})
export class FeedsModule {
  static forRoot(env: FeedsEnv): DynamicModule {
    return {
      module: FeedsModule,
      imports: [DatabaseModule.forRoot(env.DATABASE_URL, feedsDatabase), MessagingModule.forService(FEEDS_SERVICE, env)],
      controllers: [DatafeedsHandlers, ColonyHandlers],
      providers: [{ provide: FEEDS_ENV, useValue: env }, FeedPayments, DatafeedsService, ColonyService],
    };
  }
}
