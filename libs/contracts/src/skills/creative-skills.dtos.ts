import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SKILL_MESSAGES as M, skillActionInvalid } from './skill-messages.js';

export const VISUAL_STYLES = ['abstract', 'photographic', 'illustration', 'neon', 'minimal', 'retro'] as const;
export const SCHEDULER_ACTIONS = ['schedule'] as const;

/** POST /api/skills/visual-synthesizer: 4.7 lists no action, only prompt and style. */
export class VisualSynthesizerDto {
  @MaxLength(2000, { message: M.promptRequired }) @Matches(/\S/, { message: M.promptRequired }) @IsString({ message: M.promptRequired }) prompt!: string;
  @IsOptional() @IsIn(VISUAL_STYLES, { message: M.styleInvalid }) style?: string;
}

/** POST /api/skills/event-scheduler: a calendar event at `date` `time` (UTC), announced on `channels`. */
export class EventSchedulerDto {
  @IsIn(SCHEDULER_ACTIONS, { message: skillActionInvalid(SCHEDULER_ACTIONS) }) action!: string;
  @MaxLength(255, { message: M.titleRequired }) @Matches(/\S/, { message: M.titleRequired }) @IsString({ message: M.titleRequired }) title!: string;
  @Matches(/^\d{4}-\d\d-\d\d$/, { message: M.dateRequired }) @IsString({ message: M.dateRequired }) date!: string;
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: M.timeRequired }) @IsString({ message: M.timeRequired }) time!: string;
  @MaxLength(50, { each: true, message: M.channelsRequired }) @Matches(/\S/, { each: true, message: M.channelsRequired })
  @IsString({ each: true, message: M.channelsRequired }) @ArrayMaxSize(10, { message: M.channelsRequired })
  @ArrayNotEmpty({ message: M.channelsRequired }) @IsArray({ message: M.channelsRequired })
  channels!: string[];
  @IsOptional() @Max(1440, { message: M.scheduleDurationInvalid }) @Min(15, { message: M.scheduleDurationInvalid }) @IsInt({ message: M.scheduleDurationInvalid })
  duration?: number;
}
