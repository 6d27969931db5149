/** One event as GET ?action=list answers it (4.3). */
export interface CalendarEventView {
  id: string;
  summary: string;
  start: { dateTime: string };
  end: { dateTime: string };
  location?: string;
}

export interface CalendarEventsView {
  events: CalendarEventView[];
  timezone: string;
}

export interface TimeSlot {
  start: string;
  end: string;
}

export interface CalendarAvailabilityView {
  availableSlots: TimeSlot[];
  busySlots: TimeSlot[];
  date: string;
}

/** POST /api/calendar `connect`: where to send the user to grant access. */
export interface CalendarAuthUrlView {
  authUrl: string;
}

/** POST /api/calendar `create-event`, and what a skill creating an event gets. */
export interface CreatedCalendarEvent {
  success: true;
  eventId: string;
  event: CalendarEventView;
}

/** POST /api/calendar `update-event`. */
export interface UpdatedCalendarEvent {
  success: true;
  event: CalendarEventView;
}

/** POST /api/calendar `quick-add`: the provider reads the event from the text. */
export interface QuickAddedCalendarEvent {
  success: true;
  eventId: string;
}

/** Where the callback sends the browser (4.3), on the web surface. */
export const CALENDAR_DASHBOARD_PATH = '/dashboard/calendar';

/** The callback's own error values besides the provider's error (4.3); a forged or replayed state is `unknown`. */
export type CalendarCallbackError = 'no_code' | 'token_failed' | 'unknown';

/** The provider's OAuth scope for reading and writing the user's events. */
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
