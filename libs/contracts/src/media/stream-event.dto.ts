import { IsISO8601, IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { MEDIA_MESSAGES as M } from './media-messages.js';

/** The envelope of a streaming provider's webhook event; `data` is the object it is about, read per type. */
export class StreamEventDto {
  @MaxLength(255, { message: M.eventInvalid }) @MinLength(1, { message: M.eventInvalid }) @IsString({ message: M.eventInvalid }) id!: string;
  @MaxLength(100, { message: M.eventInvalid }) @MinLength(1, { message: M.eventInvalid }) @IsString({ message: M.eventInvalid }) type!: string;
  @IsObject({ message: M.eventInvalid }) data!: Record<string, unknown>;
  @IsOptional() @IsISO8601({}, { message: M.eventInvalid }) created_at?: string;
}
