import { escapeLiteral } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/** Who a transaction works for: a user id with system off, or '' with system on. */
export interface Scope {
  userId: string;
  system: 'on' | 'off';
}

/** TypeORM's own bookkeeping of an open transaction, which its startTransaction would have set. */
interface TransactionState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

/**
 * dataSource.transaction plus a set_config query, in one round trip fewer: START TRANSACTION and the
 * scope go to Postgres as one simple-protocol query (two statements, the user id as an escaped
 * literal, since that protocol takes no parameters). TypeORM is then told the transaction is open,
 * so a save inside `work` joins it instead of starting its own, and commit or rollback end it as
 * they would one TypeORM opened.
 */
export async function scopedTransaction<T>(dataSource: DataSource, scope: Scope, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    Object.assign(runner as unknown as TransactionState, { isTransactionActive: true, transactionDepth: 1 });
    try {
      await runner.query(
        `START TRANSACTION; SELECT set_config('app.user_id', ${escapeLiteral(scope.userId)}, true), set_config('app.system', ${escapeLiteral(scope.system)}, true)`,
      );
      const result = await work(runner.manager);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      // The original error is the answer even when the rollback fails too, as in dataSource.transaction.
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.release();
  }
}
