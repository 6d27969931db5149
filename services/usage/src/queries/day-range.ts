import { utcDay } from '../usage-logs/daily-rollup.js';

/** UTC days `from`..`to`, both included, as `YYYY-MM-DD`; `days` lists them oldest first. */
export interface DayRange {
  from: string;
  to: string;
  days: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function dayRange(from: string, to: string): DayRange {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS) days.push(utcDay(new Date(at)));
  return { from, to, days };
}

/** The last `count` UTC days, today included. */
export function lastDays(count: number, now: Date): DayRange {
  const today = utcDay(now);
  return dayRange(utcDay(new Date(Date.parse(today) - (count - 1) * DAY_MS)), today);
}
