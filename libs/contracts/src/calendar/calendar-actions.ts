import { IsIn } from 'class-validator';
import { CALENDAR_MESSAGES as M } from './calendar-messages.js';

/** POST /api/calendar's `action` (4.3). */
export const CALENDAR_POST_ACTIONS = ['connect', 'create-event', 'update-event', 'delete-event', 'quick-add'] as const;
export type CalendarPostAction = (typeof CALENDAR_POST_ACTIONS)[number];

/** GET /api/calendar's `action` (4.3). */
export const CALENDAR_GET_ACTIONS = ['auth', 'list', 'availability'] as const;
export type CalendarGetAction = (typeof CALENDAR_GET_ACTIONS)[number];

export class CalendarPostActionDto {
  @IsIn(CALENDAR_POST_ACTIONS, { message: M.invalidAction }) action!: CalendarPostAction;
}

export class CalendarGetActionDto {
  @IsIn(CALENDAR_GET_ACTIONS, { message: M.invalidAction }) action!: CalendarGetAction;
}
