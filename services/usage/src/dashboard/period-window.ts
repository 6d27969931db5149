import type { CostPeriod } from '@platform/contracts';
import { dayRange, lastDays, type DayRange } from '../queries/day-range.js';
import { utcDay } from '../usage-logs/daily-rollup.js';

/** 7d and 30d end today and include it; mtd runs from the 1st of this month (UTC) to today. */
export function periodWindow(period: CostPeriod, now: Date): DayRange {
  if (period === '7d') return lastDays(7, now);
  if (period === '30d') return lastDays(30, now);
  return dayRange(utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), utcDay(now));
}

/** `2026-11-21` -> `Nov 21`, the spec's "short month and day". */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
