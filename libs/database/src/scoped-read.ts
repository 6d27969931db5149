import { escapeLiteral } from 'pg';
import type { DataSource } from 'typeorm';

interface PgResult {
  rows: unknown[];
}

/** node-postgres's pool under TypeORM's Postgres driver. */
interface PgPool {
  query(text: string): Promise<PgResult[]>;
}

/**
 * One statement (a read, or a write that is its own transaction) in a user's scope in one round
 * trip, with no START TRANSACTION or COMMIT: the scope and the statement go as one simple-protocol
 * query, which Postgres runs as one implicit transaction, so set_config(..., true) holds for the
 * statement and ends with it, and so does any lock the statement takes. That protocol takes
 * no parameters, so `$1`, `$2`, ... in `sql` are put in as escaped literals; `sql` must hold no
 * other `$` followed by a digit.
 */
export async function scopedRead<T>(dataSource: DataSource, userId: string, sql: string, params: readonly (string | number)[]): Promise<T[]> {
  const text = sql.replace(/\$(\d+)/g, (_, position: string) => {
    const value = params[Number(position) - 1];
    if (value === undefined) throw new Error(`scopedRead: no value for $${position}`);
    return escapeLiteral(String(value));
  });
  const pool = (dataSource.driver as unknown as { master: PgPool }).master;
  const [, read] = await pool.query(`SELECT set_config('app.user_id', ${escapeLiteral(userId)}, true), set_config('app.system', 'off', true); ${text}`);
  return read!.rows as T[];
}
