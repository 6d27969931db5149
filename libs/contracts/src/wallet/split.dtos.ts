import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsInt, IsNumber, IsOptional, IsPositive, IsString, Matches, Max, MaxLength, Min, ValidateNested,
} from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../identity/wallet-auth.dto.js';
import { AgentIdField, UserIdField } from './agent-wallet.dtos.js';
import { SPLIT_MAX_RECIPIENTS, SPLIT_MESSAGES as M } from './split-messages.js';

/** A USDC amount: at most 6 decimals (USDC's), at most 12 whole digits; the service refuses zero. */
export const USDC_AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

export class SplitRecipientDto {
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.recipientAddressInvalid }) @IsString({ message: M.recipientAddressInvalid })
  address!: string;

  /** A percentage; shares are counted in hundredths so that 33.33 + 33.33 + 33.34 is exactly 100. */
  @IsPositive({ message: M.shareInvalid })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: M.shareInvalid })
  share!: number;
}

/** POST /api/underground/splits (extended-services 2, Royalty split; 4.2). */
export class CreateSplitDto {
  @UserIdField() userId!: string;
  @AgentIdField() agentId!: string;

  @Matches(WALLET_ADDRESS_PATTERN, { message: M.fromAddressInvalid }) @IsString({ message: M.fromAddressInvalid }) @IsDefined({ message: M.fromAddressRequired })
  fromAddress!: string;

  @MaxLength(255, { message: M.nameRequired }) @Matches(/\S/, { message: M.nameRequired }) @IsString({ message: M.nameRequired })
  name!: string;

  @Matches(USDC_AMOUNT_PATTERN, { message: M.totalAmountInvalid }) @IsString({ message: M.totalAmountInvalid }) @IsDefined({ message: M.totalAmountRequired })
  totalAmount!: string;

  @ValidateNested({ each: true, message: M.recipientsRequired })
  @Type(() => SplitRecipientDto)
  @ArrayMaxSize(SPLIT_MAX_RECIPIENTS, { message: M.tooManyRecipients })
  @ArrayNotEmpty({ message: M.recipientsRequired })
  @IsArray({ message: M.recipientsRequired })
  recipients!: SplitRecipientDto[];
}

/** Path of GET /api/underground/splits/:id: splitId is a serial (a Postgres integer). */
export class SplitParams {
  @Max(2_147_483_647, { message: M.splitIdInvalid }) @Min(1, { message: M.splitIdInvalid }) @IsInt({ message: M.splitIdInvalid }) @Type(() => Number)
  id!: number;
}

/** `svc.wallet.open_splits`: a user's royalty splits still being paid. */
export class OpenSplitsQuery {
  @UserIdField() userId!: string;
}

/** `svc.wallet.split_totals`: a user's royalty splits added up, of one agent when given. */
export class UserSplitsQuery extends OpenSplitsQuery {
  @IsOptional() @MaxLength(64) @IsString() agentId?: string;
}
