import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUrl, IsUUID, MaxLength, MinLength,
} from 'class-validator';
import { ApiError } from '../api-error.js';
import { validateAs } from '../validate.js';
import { VIDEO_TEXT_LIMITS as L } from './media-limits.js';
import { MEDIA_MESSAGES as M, missingVideoFields } from './media-messages.js';

const VIDEO_TYPES = ['demo', 'marketing', 'screenshot', 'tutorial'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** The fields each type needs (4.6). */
const VIDEO_REQUIRED_FIELDS: Readonly<Record<VideoType, readonly string[]>> = {
  demo: ['agentName', 'agentDescription'],
  marketing: ['productName', 'features'],
  screenshot: ['imageUrl', 'description'],
  tutorial: ['topic', 'steps'],
};

const text = (field: string, max: number) => [
  MaxLength(max, { message: M.textInvalid(field, max) }),
  MinLength(1, { message: M.textInvalid(field, max) }),
  IsString({ message: M.textInvalid(field, max) }),
];

const list = (field: string, items: number, max: number) => {
  const message = M.listInvalid(field, items, max);
  return [
    MaxLength(max, { each: true, message }), MinLength(1, { each: true, message }), IsString({ each: true, message }),
    ArrayMaxSize(items, { message }), ArrayMinSize(1, { message }), IsArray({ message }),
  ];
};

const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => {
  for (const decorator of decorators) decorator(target, key);
};

/** POST /api/generate-video (4.6): a type and the fields it needs; the others' fields are checked when given. */
export class GenerateVideoDto {
  @IsIn(VIDEO_TYPES, { message: M.typeInvalid }) type!: VideoType;

  @IsOptional() @apply(text('agentName', L.name)) agentName?: string;
  @IsOptional() @apply(text('agentDescription', L.description)) agentDescription?: string;
  @IsOptional() @apply(text('productName', L.name)) productName?: string;
  @IsOptional() @apply(list('features', L.features, L.feature)) features?: string[];
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: M.imageUrlInvalid })
  @MaxLength(2048, { message: M.imageUrlInvalid })
  @IsString({ message: M.imageUrlInvalid })
  imageUrl?: string;
  @IsOptional() @apply(text('description', L.caption)) description?: string;
  @IsOptional() @apply(text('topic', L.topic)) topic?: string;
  @IsOptional() @apply(list('steps', L.steps, L.step)) steps?: string[];
}

/** A body of one of the four types: 400 for another type, then naming every field the type needs and lacks, then each field's rule. */
export function validateGenerateVideo(body: unknown): GenerateVideoDto {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const type = fields.type;
  if (typeof type !== 'string' || !(VIDEO_TYPES as readonly string[]).includes(type)) throw new ApiError(400, M.typeInvalid);
  const missing = VIDEO_REQUIRED_FIELDS[type as VideoType].filter((field) => fields[field] === undefined || fields[field] === null || fields[field] === '');
  if (missing.length) throw new ApiError(400, missingVideoFields(type, missing));
  return validateAs(GenerateVideoDto, body);
}

/** GET /api/generate-video/:jobId. */
export class VideoJobIdDto {
  @IsUUID('all', { message: M.jobIdInvalid }) @IsString({ message: M.jobIdInvalid }) jobId!: string;
}
