import { IsString, Matches, MaxLength } from 'class-validator';
import { USAGE_MESSAGES as M } from './messages.js';

/** `svc.usage.daily_calls`: a user's AI calls today, which billing shows as daily units used. */
export class DailyCallsQuery {
  @MaxLength(255, { message: M.userIdRequired }) @Matches(/\S/, { message: M.userIdRequired }) @IsString({ message: M.userIdRequired })
  userId!: string;
}

export interface DailyCallsReply {
  /** Usage events of any endpoint recorded for the user on `day`. */
  calls: number;
  /** The current UTC day, `YYYY-MM-DD`. */
  day: string;
}
