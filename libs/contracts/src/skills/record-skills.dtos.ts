import { IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { SKILL_MESSAGES as M, skillActionInvalid } from './skill-messages.js';

export const TICKETING_ACTIONS = ['purchase', 'availability'] as const;
export const TICKET_TIERS = ['general', 'vip'] as const;
export type TicketTier = (typeof TICKET_TIERS)[number];
export const GROUPIE_ACTIONS = ['segment', 'add', 'list'] as const;
export const DEMO_ACTIONS = ['submit', 'list'] as const;

const TEXT = /\S/;

/** POST /api/skills/event-ticketing: `purchase` (ours besides: `availability`) of an underground event's tickets. */
export class EventTicketingDto {
  @IsIn(TICKETING_ACTIONS, { message: skillActionInvalid(TICKETING_ACTIONS) }) action!: string;
  @Max(2_147_483_647, { message: M.eventIdRequired }) @Min(1, { message: M.eventIdRequired }) @IsInt({ message: M.eventIdRequired }) eventId!: number;
  @ValidateIf((dto: EventTicketingDto) => dto.action === 'purchase')
  @MaxLength(254, { message: M.emailRequired }) @IsEmail({}, { message: M.emailRequired }) @IsString({ message: M.emailRequired })
  email?: string;
  @IsOptional() @IsIn(TICKET_TIERS, { message: M.tierInvalid }) tier?: TicketTier;
  @IsOptional() @Max(10, { message: M.quantityInvalid }) @Min(1, { message: M.quantityInvalid }) @IsInt({ message: M.quantityInvalid }) quantity?: number;
}

/** POST /api/skills/groupie-manager: `segment` (ours besides: `add` a fan by hand, `list`). */
export class GroupieManagerDto {
  @IsIn(GROUPIE_ACTIONS, { message: skillActionInvalid(GROUPIE_ACTIONS) }) action!: string;
  @ValidateIf((dto: GroupieManagerDto) => dto.action === 'add')
  @MaxLength(254, { message: M.emailRequired }) @IsEmail({}, { message: M.emailRequired }) @IsString({ message: M.emailRequired })
  email?: string;
  @IsOptional() @MaxLength(255, { message: M.nameInvalid }) @IsString({ message: M.nameInvalid }) name?: string;
}

/** POST /api/skills/demo-submitter: `submit` (ours besides: `list`). */
export class DemoSubmitterDto {
  @IsIn(DEMO_ACTIONS, { message: skillActionInvalid(DEMO_ACTIONS) }) action!: string;
  @ValidateIf((dto: DemoSubmitterDto) => dto.action === 'submit')
  @MaxLength(255, { message: M.titleRequired }) @Matches(TEXT, { message: M.titleRequired }) @IsString({ message: M.titleRequired })
  title?: string;
  @ValidateIf((dto: DemoSubmitterDto) => dto.action === 'submit')
  @MaxLength(255, { message: M.artistRequired }) @Matches(TEXT, { message: M.artistRequired }) @IsString({ message: M.artistRequired })
  artist?: string;
  @IsOptional() @MaxLength(64, { message: M.genreInvalid }) @IsString({ message: M.genreInvalid }) genre?: string;
  @IsOptional() @MaxLength(2048, { message: M.linkInvalid }) @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: M.linkInvalid })
  link?: string;
}
