import { IsBoolean, IsInt, IsISO8601, IsString, IsUUID, MaxLength, Min } from 'class-validator';

/**
 * One model call to bill (platform-core section 2, Usage event). The id makes the write idempotent:
 * a job delivered twice writes one `usage_logs` row. Cost is not carried: the usage worker prices
 * it at write time from the model catalogue.
 */
export class UsageEventJob {
  @IsUUID() eventId!: string;
  @IsString() @MaxLength(255) userId!: string;
  @IsString() @MaxLength(255) agentId!: string;
  @IsString() @MaxLength(100) model!: string;
  @IsString() provider!: string;
  @IsInt() @Min(0) inputTokens!: number;
  @IsInt() @Min(0) outputTokens!: number;
  /** The route that caused the call, e.g. `/api/ai/chat` or `/api/demo/chat`. */
  @IsString() endpoint!: string;
  @IsISO8601({ strict: true }) occurredAt!: string;
}

/** One tool call an agent runtime made (GET /api/usage/tools). */
export class ToolUsageJob {
  @IsUUID() eventId!: string;
  @IsString() @MaxLength(255) userId!: string;
  @IsString() @MaxLength(255) agentId!: string;
  @IsString() @MaxLength(100) toolName!: string;
  @IsBoolean() success!: boolean;
  @IsInt() @Min(0) durationMs!: number;
  @IsISO8601({ strict: true }) occurredAt!: string;
}
