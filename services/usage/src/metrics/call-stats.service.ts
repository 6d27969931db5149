import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Db } from '@platform/database';
import { inScope, type UsageScope } from '../queries/usage-queries.service.js';
import type { CalendarWindows } from './metric-windows.js';

type Raw = Record<string, string | number | null>;

export interface MessageCounts {
  today: number;
  thisWeek: number;
  thisMonth: number;
}

export interface CallPerformance {
  calls: number;
  errors: number;
  /** Of the answered calls that carry a duration; 0 when none does. */
  averageResponseMs: number;
}

export interface HourlyCalls {
  hour: string;
  messages: number;
  errors: number;
}

/**
 * What the metrics read from usage_logs (docs/metrics.md): every AI call, answered or failed, is a
 * message; failed ones are the errors; answered ones carry the response time. Computed by the
 * database over the time windows, per user or for everyone.
 */
@Injectable()
export class CallStatsService {
  constructor(private readonly db: Db) {}

  /** The week may start in the previous month, so the rows read start at the earlier of the two. */
  async messageCounts(scope: UsageScope, windows: CalendarWindows): Promise<MessageCounts> {
    const { where, params } = scoped(scope, [windows.dayStart, windows.weekStart, windows.monthStart], 'created_at >= least($2::timestamptz, $3::timestamptz)');
    const [row] = await this.read(scope, (manager) => manager.query(`
      SELECT count(*) FILTER (WHERE created_at >= $1) AS today, count(*) FILTER (WHERE created_at >= $2) AS week,
        count(*) FILTER (WHERE created_at >= $3) AS month
      FROM usage.usage_logs WHERE ${where}`, params)) as Raw[];
    return { today: Number(row!.today), thisWeek: Number(row!.week), thisMonth: Number(row!.month) };
  }

  async performance(scope: UsageScope, since: Date): Promise<CallPerformance> {
    const { where, params } = scoped(scope, [since], 'created_at >= $1');
    const [row] = await this.read(scope, (manager) => manager.query(`
      SELECT count(*) AS calls, count(*) FILTER (WHERE outcome = 'error') AS errors,
        coalesce(round(avg(duration_ms) FILTER (WHERE outcome = 'ok')), 0) AS average_ms
      FROM usage.usage_logs WHERE ${where}`, params)) as Raw[];
    return { calls: Number(row!.calls), errors: Number(row!.errors), averageResponseMs: Number(row!.average_ms) };
  }

  /** Calls per UTC hour of [from, to) that had any, oldest first. */
  async hourly(scope: UsageScope, from: Date, to: Date): Promise<HourlyCalls[]> {
    const { where, params } = scoped(scope, [from, to], 'created_at >= $1 AND created_at < $2');
    const rows: Raw[] = await this.read(scope, (manager) => manager.query(`
      SELECT to_char(date_trunc('hour', created_at, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS hour,
        count(*) AS messages, count(*) FILTER (WHERE outcome = 'error') AS errors
      FROM usage.usage_logs WHERE ${where} GROUP BY 1 ORDER BY 1`, params));
    return rows.map((row) => ({ hour: String(row.hour), messages: Number(row.messages), errors: Number(row.errors) }));
  }

  /** The whole database's size: the platform's share of storage besides the workspaces. */
  async databaseBytes(): Promise<number> {
    const [row] = await this.db.asSystem((manager) => manager.query('SELECT pg_database_size(current_database()) AS bytes')) as Raw[];
    return Number(row!.bytes);
  }

  private read<T>(scope: UsageScope, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inScope(this.db, scope, work);
  }
}

function scoped(scope: UsageScope, params: unknown[], where: string) {
  return 'userId' in scope ? { where: `${where} AND user_id = $${params.length + 1}`, params: [...params, scope.userId] } : { where, params };
}
