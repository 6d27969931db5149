import {
  ArrayMaxSize, IsArray, IsEmail, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength,
} from 'class-validator';
import { CALENDAR_MESSAGES as M } from './calendar-messages.js';

const ISO = { strict: true, strictSeparator: true };

/** RFC 3339 with an offset, as the provider takes an event's dateTime without a separate timeZone. */
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/;

/**
 * Whose calendar: the spec names the user with `userId`; it may only be the caller's own
 * (docs/spec-decisions.md), and when left out it is the caller.
 */
export class CalendarUserDto {
  @IsOptional() @MaxLength(64, { message: M.userIdInvalid }) @IsString({ message: M.userIdInvalid }) userId?: string;
}

/** GET ?action=list: the window, now to 30 days ahead when not given (section 8). */
export class ListCalendarEventsDto extends CalendarUserDto {
  @IsOptional() @IsISO8601(ISO, { message: M.startInvalid }) @Matches(DATE_TIME, { message: M.startInvalid }) @IsString({ message: M.startInvalid }) start?: string;
  @IsOptional() @IsISO8601(ISO, { message: M.endInvalid }) @Matches(DATE_TIME, { message: M.endInvalid }) @IsString({ message: M.endInvalid }) end?: string;
}

/** GET ?action=availability: the day, today in the calendar's timezone when not given. */
export class CalendarAvailabilityDto extends CalendarUserDto {
  @IsOptional() @IsISO8601(ISO, { message: M.dateInvalid }) @Matches(/^\d{4}-\d\d-\d\d$/, { message: M.dateInvalid }) @IsString({ message: M.dateInvalid })
  date?: string;
}

export class CreateCalendarEventDto extends CalendarUserDto {
  @MaxLength(1024, { message: M.titleRequired }) @Matches(/\S/, { message: M.titleRequired }) @IsString({ message: M.titleRequired }) title!: string;
  @IsISO8601(ISO, { message: M.startRequired }) @Matches(DATE_TIME, { message: M.startRequired }) @IsString({ message: M.startRequired }) start!: string;
  @IsISO8601(ISO, { message: M.endRequired }) @Matches(DATE_TIME, { message: M.endRequired }) @IsString({ message: M.endRequired }) end!: string;
  @IsOptional() @MaxLength(8192, { message: M.descriptionInvalid }) @IsString({ message: M.descriptionInvalid }) description?: string;
  @IsOptional() @MaxLength(1024, { message: M.locationInvalid }) @IsString({ message: M.locationInvalid }) location?: string;
  @IsOptional() @IsEmail({}, { each: true, message: M.attendeesInvalid }) @MaxLength(254, { each: true, message: M.attendeesInvalid })
  @IsString({ each: true, message: M.attendeesInvalid }) @ArrayMaxSize(100, { message: M.attendeesInvalid }) @IsArray({ message: M.attendeesInvalid })
  attendees?: string[];
}

export class CalendarEventIdDto extends CalendarUserDto {
  @MaxLength(1024, { message: M.eventIdRequired }) @Matches(/^[A-Za-z0-9_-]+$/, { message: M.eventIdRequired }) @IsString({ message: M.eventIdRequired })
  eventId!: string;
}

export class UpdateCalendarEventDto extends CalendarEventIdDto {
  @IsOptional() @MaxLength(1024, { message: M.titleRequired }) @Matches(/\S/, { message: M.titleRequired }) @IsString({ message: M.titleRequired }) title?: string;
  @IsOptional() @MaxLength(8192, { message: M.descriptionInvalid }) @IsString({ message: M.descriptionInvalid }) description?: string;
  @IsOptional() @IsISO8601(ISO, { message: M.startInvalid }) @Matches(DATE_TIME, { message: M.startInvalid }) @IsString({ message: M.startInvalid }) start?: string;
  @IsOptional() @IsISO8601(ISO, { message: M.endInvalid }) @Matches(DATE_TIME, { message: M.endInvalid }) @IsString({ message: M.endInvalid }) end?: string;
  @IsOptional() @MaxLength(1024, { message: M.locationInvalid }) @IsString({ message: M.locationInvalid }) location?: string;
}

export class QuickAddCalendarEventDto extends CalendarUserDto {
  @MaxLength(1024, { message: M.textRequired }) @Matches(/\S/, { message: M.textRequired }) @IsString({ message: M.textRequired }) text!: string;
}

/** The calendar subjects other services call (an agent for its owner) name the user outright. */
export class CalendarSubjectUserDto {
  @IsUUID('all', { message: M.userIdInvalid }) @IsString({ message: M.userIdInvalid }) userId!: string;
}
