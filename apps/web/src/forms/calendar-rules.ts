import { CALENDAR_MESSAGES as M } from '@contracts/calendar/calendar-messages.js';
import type { Rule } from './validation.js';

/** A `datetime-local` value ("2026-11-27T14:00"), as the browser's clock reads it, or NaN. */
export const localTime = (value: string): number => (value ? new Date(value).getTime() : Number.NaN);

export const calendarEventRules = {
  title: (value: string) => (value.trim() ? undefined : M.titleRequired),
  start: (value: string) => (Number.isNaN(localTime(value)) ? M.startRequired : undefined),
  end: (value: string, values: Readonly<Record<string, string>>) => (Number.isNaN(localTime(value)) ? M.endRequired
    : localTime(value) <= localTime(values.start ?? '') ? M.endBeforeStart : undefined),
} satisfies Record<string, Rule>;
