import { CronExpressionParser } from 'cron-parser';
import { cronDoesNotParse, SCHEDULER_MESSAGES as M } from '@platform/contracts';

/**
 * Cron rules, read the way BullMQ 6.7 reads a job scheduler's pattern: the same cron-parser, the
 * same options (`tz`, `currentDate`), 6 fields meaning seconds first.
 */

/** The zone's canonical IANA name (`europe/london` → `Europe/London`), or null when there is no such zone. */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Why a pattern is refused (the 400's text), or null when it has 5 or 6 fields and a next tick. */
export function cronProblem(pattern: string, zone: string): string | null {
  const fields = pattern.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6) return M.cronFieldCount;
  try {
    CronExpressionParser.parse(pattern, { tz: zone }).next();
    return null;
  } catch (error) {
    return cronDoesNotParse(error instanceof Error ? error.message : String(error));
  }
}

/** The first tick strictly after `after`; null for a pattern with none (refused on write, so only a stored oddity). */
export function nextTick(pattern: string, zone: string, after: Date): Date | null {
  try {
    return CronExpressionParser.parse(pattern, { tz: zone, currentDate: after }).next().toDate();
  } catch {
    return null;
  }
}
