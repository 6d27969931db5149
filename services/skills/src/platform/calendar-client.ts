import { Injectable } from '@nestjs/common';
import {
  ApiError, SKILL_MESSAGES as M, SUBJECTS, UnavailableError, type CreatedCalendarEvent,
} from '@platform/contracts';
import { PlatformCalls, QueryRefusedError } from './platform-calls.js';

export interface NewCalendarEvent {
  title: string;
  start: string;
  end: string;
  description: string;
}

/** The scheduler's calendar, through its service-to-service subjects (docs/scheduler.md, Calendar), as the skill's user. */
@Injectable()
export class CalendarClient {
  constructor(private readonly calls: PlatformCalls) {}

  async createEvent(userId: string, event: NewCalendarEvent): Promise<CreatedCalendarEvent> {
    try {
      return await this.calls.query<CreatedCalendarEvent>(SUBJECTS.calendar.createEvent, { userId, ...event });
    } catch (error) {
      throw error instanceof QueryRefusedError ? refusal(error) : error;
    }
  }
}

/**
 * The calendar's refusal in the skill's terms, by the status the scheduler gave it: its 401 (no
 * calendar connected, or the connection revoked) is the caller's to fix, 409, as a 401 would read
 * to a client as its session ending; its 503 (the provider not configured) stays 503; anything else
 * is the calendar failing, 502 with its words.
 */
function refusal(error: QueryRefusedError): ApiError {
  if (error.remoteStatus === 401) return new ApiError(409, M.calendarNotConnected);
  if (error.remoteStatus === 503) return new UnavailableError(error.message);
  return new ApiError(502, `${M.calendarFailed}: ${error.message}`);
}
