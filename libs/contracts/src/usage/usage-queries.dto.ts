import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { USAGE_MAX_DAYS, USAGE_MESSAGES as M } from './messages.js';

export const COST_PERIODS = ['7d', '30d', 'mtd'] as const;
export type CostPeriod = (typeof COST_PERIODS)[number];

/** Query of GET /api/dashboard/cost. */
export class CostDashboardQuery {
  @IsIn(COST_PERIODS, { message: M.invalidPeriod }) period: CostPeriod = '7d';
}

/** `days` of the /api/usage/* queries; each route has its own default (platform-core 4.10). */
export class UsageDaysQuery {
  @IsOptional()
  @Max(USAGE_MAX_DAYS, { message: M.invalidDays })
  @Min(1, { message: M.invalidDays })
  @IsInt({ message: M.invalidDays })
  @Type(() => Number)
  days?: number;
}

/** Query of GET /api/usage/tools. */
export class ToolUsageQuery extends UsageDaysQuery {
  @IsOptional()
  @MaxLength(255, { message: M.invalidAgentId })
  @IsString({ message: M.invalidAgentId })
  agentId?: string;
}

/** Path of GET /api/usage/by-agent/:agentId: an id as usage_logs holds it (its NUL-free text is validateAs's check). */
export class UsageAgentParams {
  @MaxLength(255, { message: M.invalidAgentId })
  @IsString({ message: M.invalidAgentId })
  agentId!: string;
}
