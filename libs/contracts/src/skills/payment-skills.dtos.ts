import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, IsInt, IsNumber, IsObject, IsOptional, IsPositive, IsString, IsUUID, Matches, Max,
  MaxLength, Min, ValidateIf, ValidateNested,
} from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../identity/wallet-auth.dto.js';
import { SPLIT_MAX_RECIPIENTS } from '../wallet/split-messages.js';
import { SKILL_MESSAGES as M, skillActionInvalid } from './skill-messages.js';
import { IsUsdcAmount } from './usdc-amount.rules.js';

export const BOOKING_SETTLEMENT_ACTIONS = ['list', 'get', 'create_escrow', 'release_funds', 'simulate_settlement'] as const;
export const INSTANT_SPLIT_ACTIONS = ['list_pending', 'create_split_rule', 'execute_split', 'get_balance', 'simulate'] as const;
export const ROYALTY_ACTIONS = ['total'] as const;

const ID = /^\S{1,64}$/;
const USDC = { message: M.usdcInvalid };
const needs = (...actions: string[]) => (dto: { action?: unknown }) => actions.includes(dto.action as string);

/** A booking's money as 4.7's simulate takes it: the guarantee, the backend earned on top, the deposit already paid. */
export class BookingTermsDto {
  @IsUsdcAmount(USDC) @IsDefined({ message: M.bookingRequired }) guarantee!: number | string;
  @IsOptional() @IsUsdcAmount(USDC) backend?: number | string;
  @IsOptional() @IsUsdcAmount(USDC) deposit?: number | string;
}

/** POST /api/skills/booking-settlement: escrow of a booking negotiated on the bus, and its settlement's arithmetic. */
export class BookingSettlementDto {
  @IsIn(BOOKING_SETTLEMENT_ACTIONS, { message: skillActionInvalid(BOOKING_SETTLEMENT_ACTIONS) }) action!: string;
  @ValidateIf(needs('get', 'create_escrow', 'release_funds'))
  @MaxLength(128, { message: M.bookingIdRequired }) @Matches(/^\S+$/, { message: M.bookingIdRequired }) @IsString({ message: M.bookingIdRequired })
  bookingId?: string;
  @ValidateIf(needs('create_escrow')) @IsUsdcAmount({ message: M.amountRequired }) amount?: number | string;
  @ValidateIf(needs('simulate_settlement'))
  @ValidateNested({ message: M.bookingRequired }) @Type(() => BookingTermsDto) @IsObject({ message: M.bookingRequired })
  booking?: BookingTermsDto;
}

/** One recipient of an instant split (4.7's `splits` items). */
export class SplitShareDto {
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.recipientAddressInvalid }) @IsString({ message: M.recipientAddressInvalid }) recipientAddress!: string;
  @Max(100, { message: M.percentageInvalid }) @IsPositive({ message: M.percentageInvalid })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: M.percentageInvalid })
  percentage!: number;
  @IsOptional() @MaxLength(64, { message: M.roleInvalid }) @IsString({ message: M.roleInvalid }) role?: string;
  @IsOptional() @MaxLength(255, { message: M.nameInvalid }) @IsString({ message: M.nameInvalid }) name?: string;
}

/** POST /api/skills/instant-split: split rules over an agent wallet, paid through the wallet's splits. */
export class InstantSplitDto {
  @IsIn(INSTANT_SPLIT_ACTIONS, { message: skillActionInvalid(INSTANT_SPLIT_ACTIONS) }) action!: string;
  @ValidateIf((dto: InstantSplitDto) => dto.action === 'execute_split' || dto.splitId !== undefined)
  @IsUUID('all', { message: M.splitIdRequired }) @IsString({ message: M.splitIdRequired })
  splitId?: string;
  @ValidateIf((dto: InstantSplitDto) => dto.action === 'create_split_rule' || (dto.action === 'get_balance' && dto.splitId === undefined) || dto.agentId !== undefined)
  @Matches(ID, { message: M.agentIdRequired }) @IsString({ message: M.agentIdRequired })
  agentId?: string;
  @IsOptional() @MaxLength(255, { message: M.nameInvalid }) @IsString({ message: M.nameInvalid }) name?: string;
  @ValidateIf((dto: InstantSplitDto) => dto.action === 'create_split_rule' || (dto.action === 'simulate' && dto.splitId === undefined))
  @ValidateNested({ each: true, message: M.splitsRequired }) @Type(() => SplitShareDto)
  @ArrayMaxSize(SPLIT_MAX_RECIPIENTS, { message: M.splitsRequired }) @ArrayNotEmpty({ message: M.splitsRequired }) @IsArray({ message: M.splitsRequired })
  splits?: SplitShareDto[];
  @IsOptional() @IsUsdcAmount(USDC) threshold?: number | string;
  @IsOptional() @IsUsdcAmount(USDC) amount?: number | string;
  @ValidateIf(needs('simulate')) @Max(1_000_000_000_000, { message: M.streamsInvalid }) @Min(0, { message: M.streamsInvalid }) @IsInt({ message: M.streamsInvalid })
  streams?: number;
  @ValidateIf(needs('simulate')) @IsUsdcAmount({ message: M.rateRequired }) rate?: number | string;
}

/** POST /api/skills/royalty-tracker: `total`, of one agent's splits when agentId is given. */
export class RoyaltyTrackerDto {
  @IsIn(ROYALTY_ACTIONS, { message: skillActionInvalid(ROYALTY_ACTIONS) }) action!: string;
  @IsOptional() @Matches(ID, { message: M.agentIdRequired }) @IsString({ message: M.agentIdRequired }) agentId?: string;
}
