import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { Dependency, Readiness } from '@platform/config';
import { UnavailableError } from '@platform/contracts';
import { databaseFailure } from './database-errors.js';
import { scopedRead } from './scoped-read.js';
import { scopedTransaction } from './scoped-transaction.js';

export const DATA_SOURCE = Symbol('DATA_SOURCE');

/**
 * The only way handlers reach the database: user work inside `withUser`, system work (workers,
 * bearer routes, lookups before anyone is known) inside `asSystem`, a single hot read of a user's
 * rows through `readAs`. Each is one transaction with the scope set locally, so a pooled connection
 * never carries a scope into the next request.
 *
 * While the database cannot be reached every call fails at once with UnavailableError (503 with
 * Retry-After at the edge, a quiet retry in a worker); the outage is logged once, when it starts,
 * and once when the next call succeeds.
 */
@Injectable()
export class Db implements OnApplicationShutdown {
  private readonly postgres: Dependency;
  /** The pool stayed full: load, answered 503 like an outage but not reported as one (readiness stays). */
  private readonly pool = new Dependency('postgres connection pool', new Logger('Db'));

  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource, readiness: Readiness = new Readiness()) {
    this.postgres = readiness.dependency('postgres');
  }

  /** Refuses to run without a user: work scoped to nobody must not quietly become work for everyone. */
  withUser<T>(userId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (typeof userId !== 'string' || !userId) return Promise.reject(new Error('withUser needs a user id'));
    return this.scoped(userId, 'off', work);
  }

  asSystem<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.scoped('', 'on', work);
  }

  /**
   * One read statement for a user, in one round trip instead of withUser's three (scoped-read.ts):
   * for a hot read path such as GET /api/keys. Rows come back as Postgres names them (alias them).
   */
  readAs<T>(userId: string, sql: string, params: readonly (string | number)[]): Promise<T[]> {
    return this.statementAs<T>('readAs', userId, sql, params);
  }

  /**
   * One write statement for a user, in one round trip as readAs: Postgres runs it as a transaction of
   * its own, so a row lock it takes is held while Postgres runs it, never across a round trip to this
   * process (a hot counter that every request of a user updates: the bus's A2A count).
   */
  writeAs<T>(userId: string, sql: string, params: readonly (string | number)[]): Promise<T[]> {
    return this.statementAs<T>('writeAs', userId, sql, params);
  }

  private statementAs<T>(method: string, userId: string, sql: string, params: readonly (string | number)[]): Promise<T[]> {
    if (typeof userId !== 'string' || !userId) return Promise.reject(new Error(`${method} needs a user id`));
    return this.guarded(() => scopedRead<T>(this.dataSource, userId, sql, params));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }

  private scoped<T>(userId: string, system: 'on' | 'off', work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.guarded(() => scopedTransaction(this.dataSource, { userId, system }, work));
  }

  private async guarded<T>(query: () => Promise<T>): Promise<T> {
    try {
      const result = await query();
      this.answered();
      return result;
    } catch (error) {
      const failure = databaseFailure(error);
      if (!failure) {
        // The database answered, even if with a refusal: it is there.
        this.answered();
        throw error;
      }
      (failure === 'unreachable' ? this.postgres : this.pool).failed(error);
      throw new UnavailableError();
    }
  }

  private answered(): void {
    this.postgres.recovered();
    this.pool.recovered();
  }
}
