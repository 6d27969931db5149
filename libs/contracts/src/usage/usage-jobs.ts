import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

/**
 * Bounds that the columns hold, so an out-of-range job fails validation alone instead of failing
 * the whole batch's transaction: 100M tokens each way costs at most $9,000 on the dearest model
 * (cost_usd is numeric(10,6), under $10,000), and token counts and durations are int4 columns.
 */
export const MAX_USAGE_TOKENS = 100_000_000;
export const MAX_TOOL_DURATION_MS = 2_147_483_647;

/**
 * How a call ended: `ok` answered (and billed), `error` every model the plan allowed failed. Failed
 * calls cost nothing and stay out of the daily rollups; they are kept for the error rate (docs/metrics.md).
 */
export const CALL_OUTCOMES = ['ok', 'error'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Who pays the provider for a call: the platform's key, or the user's own (bring-your-own-key). */
export const BILLED_TO = ['platform', 'user'] as const;
export type BilledTo = (typeof BILLED_TO)[number];

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
  @IsInt() @Min(0) @Max(MAX_USAGE_TOKENS) inputTokens!: number;
  @IsInt() @Min(0) @Max(MAX_USAGE_TOKENS) outputTokens!: number;
  /** The route that caused the call, e.g. `/api/ai/chat` or `/api/demo/chat`. */
  @IsString() endpoint!: string;
  @IsISO8601({ strict: true }) occurredAt!: string;
  /** Absent is `platform`: producers from before the field existed billed only the platform's keys. */
  @IsOptional() @IsIn(BILLED_TO) billedTo?: BilledTo;
  /** The user API key the call was made with (the public gateway); absent for every other caller. */
  @IsOptional() @IsUUID() apiKeyId?: string;
  /** From admission to the answer (for a stream, to its end); absent from producers before the field. */
  @IsOptional() @IsInt() @Min(0) @Max(MAX_TOOL_DURATION_MS) durationMs?: number;
  /** Absent is `ok`: producers before the field sent answered calls only. */
  @IsOptional() @IsIn(CALL_OUTCOMES) outcome?: CallOutcome;
}

/** One tool call an agent runtime made (GET /api/usage/tools). */
export class ToolUsageJob {
  @IsUUID() eventId!: string;
  @IsString() @MaxLength(255) userId!: string;
  @IsString() @MaxLength(255) agentId!: string;
  @IsString() @MaxLength(100) toolName!: string;
  @IsBoolean() success!: boolean;
  @IsInt() @Min(0) @Max(MAX_TOOL_DURATION_MS) durationMs!: number;
  @IsISO8601({ strict: true }) occurredAt!: string;
}
