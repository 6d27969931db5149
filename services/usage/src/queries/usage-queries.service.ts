import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  microsToDollars, type ToolUsageItem, type UsageByAgentItem, type UsageByModelItem, type UsageDailyItem, type UsageSummaryItem, type UsageTotals,
} from '@platform/contracts';
import { Db } from '@platform/database';
import type { UsageRow } from '../usage-logs/daily-rollup.js';
import type { DayRange } from './day-range.js';

/**
 * Whose usage a query reads: one user's (row-level security holds it to them) or everyone's. The
 * second is never a default: a missing user id must not widen a query to every user, so "everyone"
 * is a value of its own that only a bearer caller's handler chooses.
 */
export type UsageScope = { userId: string } | typeof EVERYONE;

export const EVERYONE = { everyone: true } as const;

/** A user's work under row-level security as that user; everyone's as the system. */
export function inScope<T>(db: Db, scope: UsageScope, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return 'userId' in scope ? db.withUser(scope.userId, work) : db.asSystem(work);
}

type Raw = Record<string, string | number | null>;

/** The key of a usage_daily row without its user, and its GROUP BY. */
const DAILY_KEY = `to_char(day, 'YYYY-MM-DD') AS day, agent_id, model, provider`;
const DAILY_GROUP = 'day, agent_id, model, provider';
const TOTALS = `sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens, sum(cost_micros) AS cost_micros, sum(calls) AS calls`;

const totals = (row: Raw): UsageTotals => ({
  input_tokens: Number(row.input_tokens),
  output_tokens: Number(row.output_tokens),
  total_tokens: Number(row.input_tokens) + Number(row.output_tokens),
  cost_usd: microsToDollars(Number(row.cost_micros)),
});

/**
 * The backend's /api/usage/* queries and the dashboard's reads. All of them but the tool query
 * read the daily rollups, never the raw log.
 */
@Injectable()
export class UsageQueriesService {
  constructor(private readonly db: Db) {}

  /** Rollup rows per day, agent, model and provider (summed over users when the scope is everyone). */
  async dailyRows(scope: UsageScope, range: DayRange): Promise<UsageRow[]> {
    const rows = await this.rollups(scope, range, DAILY_KEY, DAILY_GROUP, DAILY_GROUP);
    return rows.map((row) => ({
      day: String(row.day),
      agentId: String(row.agent_id),
      model: String(row.model),
      provider: String(row.provider),
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      costMicros: Number(row.cost_micros),
      calls: Number(row.calls),
    }));
  }

  /** The user's calls of any endpoint on one UTC day, from the rollup. */
  async callsOn(userId: string, day: string): Promise<number> {
    const [row] = await this.db.withUser(userId, (manager) => manager.query(
      `SELECT coalesce(sum(calls), 0) AS calls FROM usage.usage_daily WHERE user_id = $1 AND day = $2::date`,
      [userId, day],
    )) as Raw[];
    return Number(row!.calls);
  }

  /** Whether the user has any usage at all, in any period. */
  async hasUsage(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.withUser(userId, (manager) => manager.query(`SELECT 1 FROM usage.usage_daily WHERE user_id = $1 LIMIT 1`, [userId]));
    return rows.length > 0;
  }

  /** Newest day first, the costliest first within a day. */
  async summary(scope: UsageScope, range: DayRange): Promise<UsageSummaryItem[]> {
    const rows = await this.rollups(scope, range, DAILY_KEY, DAILY_GROUP, 'day DESC, cost_micros DESC, agent_id, model, provider');
    return rows.map((row) => ({
      date: String(row.day),
      agent_id: String(row.agent_id) || null,
      model: String(row.model),
      provider: String(row.provider),
      ...totals(row),
      turn_count: Number(row.calls),
    }));
  }

  async byAgent(scope: UsageScope, range: DayRange, agentId: string): Promise<UsageByAgentItem[]> {
    const rows = await this.rollups(scope, range, 'model, provider', 'model, provider', 'cost_micros DESC, model', { agentId });
    return rows.map((row) => ({ model: String(row.model), provider: String(row.provider), ...totals(row), events: Number(row.calls) }));
  }

  async byModel(scope: UsageScope, range: DayRange): Promise<UsageByModelItem[]> {
    const rows = await this.rollups(scope, range, 'model, provider', 'model, provider', 'cost_micros DESC, model');
    return rows.map((row) => ({ model: String(row.model), provider: String(row.provider), ...totals(row), turns: Number(row.calls) }));
  }

  /** Every day of the range, oldest first; a day without usage is there with zeros. */
  async daily(scope: UsageScope, range: DayRange): Promise<UsageDailyItem[]> {
    const rows = await this.rollups(scope, range, `to_char(day, 'YYYY-MM-DD') AS day`, 'day', 'day');
    const byDay = new Map(rows.map((row) => [String(row.day), row]));
    return range.days.map((date) => {
      const row = byDay.get(date);
      const sums = row ? totals(row) : undefined;
      return { date, total_tokens: sums?.total_tokens ?? 0, cost_usd: sums?.cost_usd ?? 0, turns: row ? Number(row.calls) : 0 };
    });
  }

  async tools(scope: UsageScope, range: DayRange, agentId?: string): Promise<ToolUsageItem[]> {
    const { where, params } = this.filters(scope, { agentId }, 'created_at', range);
    const rows: Raw[] = await this.scoped(scope, (manager) => manager.query(`
      SELECT tool_name, count(*) AS calls, count(*) FILTER (WHERE success) AS successes, round(avg(duration_ms)) AS avg_ms
      FROM usage.tool_usage WHERE ${where} GROUP BY tool_name ORDER BY calls DESC, tool_name`, params));
    return rows.map((row) => ({ tool_name: String(row.tool_name), calls: Number(row.calls), successes: Number(row.successes), avg_ms: Number(row.avg_ms) }));
  }

  private rollups(scope: UsageScope, range: DayRange, columns: string, groupBy: string, orderBy: string, filter: { agentId?: string } = {}): Promise<Raw[]> {
    const { where, params } = this.filters(scope, filter, 'day', range);
    return this.scoped(scope, (manager) => manager.query(
      `SELECT ${columns}, ${TOTALS} FROM usage.usage_daily WHERE ${where} GROUP BY ${groupBy} ORDER BY ${orderBy}`,
      params,
    ));
  }

  /** The range is in UTC days: a timestamp column is compared with the start of the day after `to`. */
  private filters(scope: UsageScope, filter: { agentId?: string }, timeColumn: 'day' | 'created_at', range: DayRange) {
    const params: unknown[] = [range.from, range.to];
    const conditions = timeColumn === 'day'
      ? ['day >= $1::date', 'day <= $2::date']
      : [`created_at >= $1::date::timestamp AT TIME ZONE 'UTC'`, `created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`];
    if ('userId' in scope) conditions.push(`user_id = $${params.push(scope.userId)}`);
    if (filter.agentId !== undefined) conditions.push(`agent_id = $${params.push(filter.agentId)}`);
    return { where: conditions.join(' AND '), params };
  }

  private scoped<T>(scope: UsageScope, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inScope(this.db, scope, work);
  }
}
