import { Injectable } from '@nestjs/common';
import { ApiError, CALENDAR_MESSAGES, SKILL_MESSAGES as M, SUBJECTS, UnavailableError, type CalendarEventView } from '@platform/contracts';
import { PlatformCalls } from './platform-calls.js';

export interface NewCalendarEvent {
  title: string;
  start: string;
  end: string;
  description: string;
}

export interface CreatedCalendarEvent {
  success: true;
  eventId: string;
  event: CalendarEventView;
}

/** The scheduler's calendar, through its service-to-service subjects (docs/scheduler.md, Calendar), as the skill's user. */
@Injectable()
export class CalendarClient {
  constructor(private readonly calls: PlatformCalls) {}

  async createEvent(userId: string, event: NewCalendarEvent): Promise<CreatedCalendarEvent> {
    try {
      return await this.calls.query<CreatedCalendarEvent>(SUBJECTS.calendar.createEvent, { userId, ...event });
    } catch (error) {
      throw error instanceof ApiError && error.status === 502 ? refusal(error.message) : error;
    }
  }
}

/**
 * The calendar's refusal in the skill's terms: a calendar not connected is the caller's to fix
 * (409, not the calendar route's 401, which a client would read as its session ending).
 */
function refusal(message: string): ApiError {
  if (message === CALENDAR_MESSAGES.notConnected) return new ApiError(409, M.calendarNotConnected);
  if (message === CALENDAR_MESSAGES.notConfigured) return new UnavailableError(message);
  return new ApiError(502, `${M.calendarFailed}: ${message}`);
}
