import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';

export const DATA_SOURCE = Symbol('DATA_SOURCE');

/**
 * The only way handlers reach the database: user work inside `withUser`, system work (workers,
 * bearer routes, lookups before anyone is known) inside `asSystem`. Both are one transaction with
 * the scope set locally, so a pooled connection never carries a scope into the next request.
 */
@Injectable()
export class Db implements OnApplicationShutdown {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  withUser<T>(userId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.scoped(userId, 'off', work);
  }

  asSystem<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.scoped('', 'on', work);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }

  private scoped<T>(userId: string, system: 'on' | 'off', work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.user_id', $1, true), set_config('app.system', $2, true)`, [userId, system]);
      return work(manager);
    });
  }
}
