import { Type } from 'class-transformer';
import {
  ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsInt, IsNumber, Matches, IsOptional, IsString, Max, Min, ValidateNested,
} from 'class-validator';
import { AI_MESSAGES as M } from './ai-messages.js';
import { TASK_TYPES, type TaskType } from './ai-routing.js';

export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export class ChatMessageDto {
  @IsIn(CHAT_ROLES, { message: M.messageRole }) role!: ChatRole;
  @IsString({ message: M.messageContent }) content!: string;
}

/** As the chat-completions protocol names it: a final chunk with the usage is sent when asked. */
export class StreamOptionsDto {
  @IsOptional() @IsBoolean() include_usage?: boolean;
}

/** POST /api/ai/chat (platform-core 4.8). */
export class ChatRequestDto {
  @ValidateNested({ each: true })
  @Type(() => ChatMessageDto)
  @ArrayNotEmpty({ message: M.messagesRequired })
  @IsArray({ message: M.messagesRequired })
  messages!: ChatMessageDto[];

  @IsOptional() @IsString() model?: string;

  @IsOptional() @IsIn(TASK_TYPES, { message: M.invalidTaskType }) taskType?: TaskType;

  @IsOptional() @Max(2) @Min(0) @IsNumber() temperature?: number;

  @IsOptional() @Max(1) @Min(0) @IsNumber() top_p?: number;

  @IsOptional() @Max(200_000) @Min(1) @IsInt() max_tokens?: number;
  /** Server-sent chunks instead of one answer, on a route that streams (RouteDef.streams). */
  @IsOptional() @IsBoolean() stream?: boolean;
  @IsOptional() @ValidateNested() @Type(() => StreamOptionsDto) stream_options?: StreamOptionsDto;
}

/** POST /api/ai/models/select. */
export class SelectModelDto {
  @IsOptional() @IsIn(TASK_TYPES, { message: M.invalidTaskType }) taskType?: TaskType;
}

/** POST /api/ai/estimate-cost. */
export class EstimateCostDto {
  @IsString({ message: M.estimateFields }) model!: string;
  @Min(0) @IsInt({ message: M.estimateFields }) inputTokens!: number;
  @Min(0) @IsInt({ message: M.estimateFields }) outputTokens!: number;
}

/** POST /api/demo/chat (platform-core 4.9); the conversation is filtered by the service, not rejected. */
export class DemoChatDto {
  @Matches(/\S/, { message: M.demoMessageRequired })
  @IsString({ message: M.demoMessageRequired })
  message!: string;

  @IsOptional() @IsString() model?: string;
  @IsOptional() @IsString() mode?: string;
  @IsOptional() @IsArray() conversation?: unknown[];
}
