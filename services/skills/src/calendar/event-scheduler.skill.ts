import { Injectable } from '@nestjs/common';
import { ApiError, EventSchedulerDto, SKILL_MESSAGES as M, validateAs } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { CalendarClient } from '../platform/calendar-client.js';

/** A show lasts this long on the calendar unless `duration` says otherwise. */
const DEFAULT_DURATION_MINUTES = 60;

/** `date` and `time` as a UTC instant, or null for a day that does not exist (2031-02-30). */
function instantOf(date: string, time: string): Date | null {
  const instant = new Date(`${date}T${time}:00.000Z`);
  return Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) !== date ? null : instant;
}

/**
 * event-scheduler `schedule`: a calendar event on the caller's connected calendar, through the
 * scheduler's calendar subjects; the channels it will be announced on go in its description.
 */
@Injectable()
export class EventSchedulerSkill implements Skill {
  readonly id = 'event-scheduler';

  constructor(private readonly calendar: CalendarClient) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(EventSchedulerDto, body);
    const start = instantOf(request.date, request.time);
    if (!start) throw new ApiError(400, M.dateTimeInvalid);
    const end = new Date(start.getTime() + (request.duration ?? DEFAULT_DURATION_MINUTES) * 60_000);
    const channels = request.channels.map((channel) => channel.trim());
    const created = await this.calendar.createEvent(caller.userId, {
      title: request.title.trim(), start: start.toISOString(), end: end.toISOString(), description: `Announce on: ${channels.join(', ')}`,
    });
    return { eventId: created.eventId, event: created.event, channels, scheduledFor: start.toISOString() };
  }
}
