import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../identity/wallet-auth.dto.js';
import { AGENT_MESSAGES as M } from './agent-messages.js';
import { AgentName } from './agent-name.rules.js';

/** A clone's price and the one stablecoin it is paid in (platform-core 4.7). */
export const CLONE_PRICE = '1.0';
export const CLONE_CURRENCY = 'pathUSD';

export const CLONE_SPECIALIZATIONS = ['general', 'ar', 'promo', 'booking', 'support', 'analytics'] as const;
export type CloneSpecialization = (typeof CLONE_SPECIALIZATIONS)[number];

/** The payment a clone is bought with; the service reads the transaction on chain and believes nothing else. */
export class PaymentProofDto {
  @Matches(/^0x[0-9a-fA-F]{64}$/, { message: M.transactionHashInvalid }) @IsString({ message: M.transactionHashInvalid })
  transactionHash!: string;

  /** pathUSD has 6 decimals; the service refuses less than the price. */
  @Matches(/^\d{1,12}(\.\d{1,6})?$/, { message: M.amountInvalid }) @IsString({ message: M.amountInvalid })
  amount!: string;

  @IsIn([CLONE_CURRENCY], { message: M.currencyInvalid }) currency!: string;
  @IsInt({ message: M.chainIdInvalid }) chainId!: number;
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.fromInvalid }) @IsString({ message: M.fromInvalid }) from!: string;
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.toInvalid }) @IsString({ message: M.toInvalid }) to!: string;
  @Min(0, { message: M.timestampInvalid }) @IsInt({ message: M.timestampInvalid }) timestamp!: number;
}

/** POST /api/agents/clone (platform-core 4.7). */
export class CloneAgentDto {
  @MaxLength(64, { message: M.parentAgentIdRequired }) @Matches(/\S/, { message: M.parentAgentIdRequired }) @IsString({ message: M.parentAgentIdRequired })
  parentAgentId!: string;

  @AgentName() name!: string;
  @IsOptional() @IsIn(CLONE_SPECIALIZATIONS, { message: M.invalidSpecialization }) specialization?: CloneSpecialization;

  @ValidateNested() @Type(() => PaymentProofDto) @IsObject({ message: M.paymentProofRequired }) @IsDefined({ message: M.paymentProofRequired })
  paymentProof!: PaymentProofDto;

  /** The parent's generation; the clone's is one more. */
  @IsOptional() @Min(1, { message: M.generationInvalid }) @IsInt({ message: M.generationInvalid }) generation?: number;
}
