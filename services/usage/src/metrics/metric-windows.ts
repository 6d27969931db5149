import { METRICS_RANGE_HOURS, type MetricsRange } from '@platform/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** UTC calendar periods the metrics count in (docs/metrics.md): the day, the ISO week (from Monday) and the month. */
export interface CalendarWindows {
  dayStart: Date;
  weekStart: Date;
  monthStart: Date;
  previousMonthStart: Date;
}

export function calendarWindows(now: Date): CalendarWindows {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysSinceMonday = (dayStart.getUTCDay() + 6) % 7;
  return {
    dayStart,
    weekStart: new Date(dayStart.getTime() - daysSinceMonday * DAY_MS),
    monthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    previousMonthStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
  };
}

export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** A historical range as whole UTC hours: `24h` is the current hour and the 23 before it. */
export function rangeWindow(range: MetricsRange, now: Date): { from: Date; to: Date } {
  return { from: new Date(hourStart(now).getTime() - (METRICS_RANGE_HOURS[range] - 1) * HOUR_MS), to: now };
}

/** The rolling windows of the performance figures and the latest container readings. */
export const PERFORMANCE_WINDOW_MS = DAY_MS;
export const LATEST_SAMPLE_WINDOW_MS = 10 * 60_000;
/** A fan who messaged within this window is active; one who subscribed within it is new. */
export const FAN_ACTIVITY_WINDOW_MS = 30 * DAY_MS;
