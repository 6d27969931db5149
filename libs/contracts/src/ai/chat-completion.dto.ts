import { Type } from 'class-transformer';
import {
  ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, IsOptional, IsString, Max, Min, ValidateBy, ValidateNested,
} from 'class-validator';
import { OPENAI_MESSAGES as M } from './openai-messages.js';

/** OpenAI's roles a chat can carry as text; `developer` is its newer name for `system`. */
export const COMPLETION_ROLES = ['system', 'developer', 'user', 'assistant'] as const;
export type CompletionRole = (typeof COMPLETION_ROLES)[number];

export interface TextPart {
  type: 'text';
  text: string;
}

const isTextPart = (part: unknown): part is TextPart =>
  part !== null && typeof part === 'object' && (part as TextPart).type === 'text' && typeof (part as TextPart).text === 'string';

/** A message's content as OpenAI sends it: a string, or an array of text parts (images and audio are not served). */
const IsCompletionContent = () => ValidateBy({
  name: 'isCompletionContent',
  validator: {
    validate: (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every(isTextPart)),
    defaultMessage: () => M.messageContent,
  },
});

export class CompletionMessageDto {
  @IsIn(COMPLETION_ROLES, { message: M.messageRole }) role!: CompletionRole;
  @IsCompletionContent() content!: string | TextPart[];
}

/**
 * POST /api/v1/gateway/chat/completions: OpenAI's chat-completions request. Fields OpenAI defines
 * that are not listed here (logprobs, seed, tools...) are tolerated and ignored, as the spec's
 * "OpenAI-compatible" asks of a client library that sends them by default.
 */
export class ChatCompletionRequestDto {
  @IsString({ message: M.modelRequired }) model!: string;

  @ValidateNested({ each: true })
  @Type(() => CompletionMessageDto)
  @ArrayNotEmpty({ message: M.messagesRequired })
  @IsArray({ message: M.messagesRequired })
  messages!: CompletionMessageDto[];

  @IsOptional() @Max(200_000) @Min(1) @IsInt() max_tokens?: number;
  @IsOptional() @Max(200_000) @Min(1) @IsInt() max_completion_tokens?: number;
  @IsOptional() @Max(2) @Min(0) @IsNumber() temperature?: number;
  @IsOptional() @Max(1) @Min(0) @IsNumber() top_p?: number;
  @IsOptional() @Max(1, { message: M.singleChoice }) @Min(1, { message: M.singleChoice }) @IsInt() n?: number;
  @IsOptional() @IsBoolean() stream?: boolean;
  @IsOptional() @IsObject() stream_options?: Record<string, unknown>;
  @IsOptional() @IsString() user?: string;
}
