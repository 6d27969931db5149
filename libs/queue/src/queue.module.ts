import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ReadinessModule } from '@platform/config';
import { QUEUE_OPTIONS, QueueFactory, type QueueOptions } from './queue.factory.js';

@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueOptions): DynamicModule {
    return {
      module: QueueModule,
      imports: [ReadinessModule],
      providers: [{ provide: QUEUE_OPTIONS, useValue: options }, QueueFactory],
      exports: [QueueFactory],
    };
  }
}
