import { IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ApiError } from '../api-error.js';
import { validateAs } from '../validate.js';
import { missingFields, SCHEDULER_MESSAGES as M } from './scheduler-messages.js';

/** Agent ids are UUIDs today; the bound keeps any id the agents service could answer for. */
const AGENT_ID = /^\S{1,64}$/;
/** IANA names: letters, digits and `/_+-` (Etc/GMT+5, America/Argentina/Buenos_Aires). */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9/_+-]{0,63}$/;

/** The fields every scheduled task's write may change (4.5), each optional. */
class TaskFields {
  @IsOptional() @MinLength(1, { message: M.nameInvalid }) @MaxLength(255, { message: M.nameInvalid }) @IsString({ message: M.nameInvalid })
  name?: string;

  @IsOptional() @MaxLength(2000, { message: M.descriptionInvalid }) @IsString({ message: M.descriptionInvalid })
  description?: string | null;

  @IsOptional() @MaxLength(120, { message: M.cronScheduleInvalid }) @IsString({ message: M.cronScheduleInvalid })
  cronSchedule?: string;

  @IsOptional() @MinLength(1, { message: M.promptInvalid }) @MaxLength(10_000, { message: M.promptInvalid }) @IsString({ message: M.promptInvalid })
  prompt?: string;

  @IsOptional() @IsBoolean({ message: M.enabledInvalid }) enabled?: boolean;

  /** Ours: the zone the cron is read in (default UTC). */
  @IsOptional() @Matches(TIME_ZONE, { message: M.timezoneInvalid }) @IsString({ message: M.timezoneInvalid })
  timezone?: string;
}

/** POST /api/scheduled-tasks. */
export class CreateScheduledTaskDto extends TaskFields {
  declare name: string;
  declare cronSchedule: string;
  declare prompt: string;

  @Matches(AGENT_ID, { message: M.agentIdInvalid }) @IsString({ message: M.agentIdInvalid }) agentId!: string;
}

/** PUT /api/scheduled-tasks: the task named by taskId, with the fields given. */
export class UpdateScheduledTaskDto extends TaskFields {
  @Matches(/\S/, { message: M.taskIdRequired }) @IsString({ message: M.taskIdRequired }) taskId!: string;
}

/** DELETE /api/scheduled-tasks and GET /api/scheduled-tasks/:taskId/runs. */
export class TaskIdDto {
  @Matches(/\S/, { message: M.taskIdRequired }) @IsString({ message: M.taskIdRequired }) taskId!: string;
}

/** GET /api/scheduled-tasks?agentId=. */
export class ListScheduledTasksQuery {
  @IsOptional() @Matches(AGENT_ID, { message: M.agentIdInvalid }) @IsString({ message: M.agentIdInvalid }) agentId?: string;
}

const REQUIRED_ON_CREATE = ['name', 'cronSchedule', 'prompt', 'agentId'] as const;

/** A create body: 400 naming every required field absent or blank, then each field's own rule. */
export function validateCreateTask(body: unknown): CreateScheduledTaskDto {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const missing = REQUIRED_ON_CREATE.filter((field) => fields[field] === undefined || fields[field] === null || fields[field] === '');
  if (missing.length) throw new ApiError(400, missingFields(missing));
  return validateAs(CreateScheduledTaskDto, body);
}
