import { CALENDAR_MESSAGES } from '@contracts/calendar/calendar-messages.js';
import type { CalendarEventsView } from '@contracts/calendar/calendar-views.js';
import { apiGet } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';

/** The next 30 days (4.3's default window), or `connected: false` when the API answers 401 for a user with no calendar. */
export type CalendarState = { connected: true; view: CalendarEventsView } | { connected: false };

export async function loadCalendar(signal: AbortSignal): Promise<CalendarState> {
  try {
    return { connected: true, view: await apiGet<CalendarEventsView>('/api/calendar?action=list', signal) };
  } catch (error) {
    // 4.3 answers "not connected" as a 401, the same status as a lost session, which keeps its own words.
    if (error instanceof ApiError && error.status === 401 && error.message === CALENDAR_MESSAGES.notConnected) return { connected: false };
    throw error;
  }
}
