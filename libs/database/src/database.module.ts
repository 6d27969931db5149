import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ReadinessModule } from '@platform/config';
import { connectAtBoot } from './boot-connection.js';
import { createDataSource } from './data-source.factory.js';
import { DATA_SOURCE, Db } from './db.js';
import type { ServiceDatabase } from './service-database.js';

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string, database: ServiceDatabase, poolSize?: number): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [ReadinessModule],
      providers: [
        { provide: DATA_SOURCE, useFactory: () => connectAtBoot(() => createDataSource(url, database, true, poolSize)) },
        Db,
      ],
      exports: [Db],
    };
  }
}
