import { Module, type DynamicModule } from '@nestjs/common';
import type { CommonEnv } from '@platform/config';
import { Outbox, OUTBOX_ENV } from './outbox.js';

/** For services with a database; needs DatabaseModule and MessagingModule next to it. */
@Module({})
export class OutboxModule {
  static forRoot(env: CommonEnv): DynamicModule {
    return {
      module: OutboxModule,
      providers: [{ provide: OUTBOX_ENV, useValue: env }, Outbox],
      exports: [Outbox],
    };
  }
}
