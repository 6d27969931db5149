/** One event as the calendar API stores and answers it (the subset the platform uses). */
export interface CalendarEvent {
  kind: 'calendar#event';
  id: string;
  status: 'confirmed';
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: { email: string }[];
}

/** A person at the calendar provider: their primary calendar is named by their email. */
export interface CalendarAccount {
  email: string;
  timeZone: string;
  events: Map<string, CalendarEvent>;
  /** Token grants answered, by grant type: tests read whether a refresh happened. */
  grants: { authorization_code: number; refresh_token: number };
  /** While set, every API call on this calendar answers this status (hook): the provider failing. */
  failWith: number | null;
}
